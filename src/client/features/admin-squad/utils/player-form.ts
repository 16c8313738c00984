import { UPLOAD_MAX_BYTES } from '@shared/domain';
import { PLAYER_MESSAGES, type PlayerBody, playerBody, positionField } from '@shared/players';
import { UPLOAD_MESSAGES } from '@shared/uploads';
import { z } from 'zod';

/** The add and edit player forms, with the contract's own messages. Jersey is text in the form. */
export const playerFormSchema = z.object({
  name: playerBody.shape.name,
  position: z
    .string()
    .min(1, PLAYER_MESSAGES.positionRequired)
    .refine((v) => positionField.safeParse(v).success, 'admin-squad.form.positionFromList'),
  jerseyNumber: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 99),
      PLAYER_MESSAGES.jerseyRange,
    ),
});

export type PlayerFormValues = z.input<typeof playerFormSchema>;

/** The request body; jersey number optional (empty sends null). */
export function toPlayerBody(values: PlayerFormValues): PlayerBody {
  const jersey = values.jerseyNumber.trim();
  return playerBody.parse({
    name: values.name,
    position: values.position,
    jerseyNumber: jersey === '' ? null : Number(jersey),
  });
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/** Player images are PNG or JPG, 5 MB at most. Null when the file is fine (the message is translated where shown). */
export function playerImageProblem(file: Pick<File, 'type' | 'name' | 'size'>): string | null {
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!(IMAGE_TYPES.has(file.type) || (!file.type && byName))) return UPLOAD_MESSAGES.playerImageType;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}
