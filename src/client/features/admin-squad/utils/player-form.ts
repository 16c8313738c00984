import { UPLOAD_MAX_BYTES } from '@shared/domain';
import { type AppError, errorKey } from '@shared/errors';
import { PLAYER_ERRORS } from '@shared/players';
import { type PlayerBody, playerBody, positionField } from '@shared/squad';
import { UPLOAD_ERRORS } from '@shared/uploads';
import { z } from 'zod';

/** The add and edit player forms, with the contract's own errors. Jersey is text in the form. */
export const playerFormSchema = z.object({
  name: playerBody.shape.name,
  position: z
    .string()
    .min(1, errorKey(PLAYER_ERRORS.positionRequired))
    .refine((v) => positionField.safeParse(v).success, 'admin-squad.form.positionFromList'),
  jerseyNumber: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 99),
      errorKey(PLAYER_ERRORS.jerseyRange),
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

/** Player images are PNG or JPG, 5 MB at most. Null when the file is fine (the error is translated where shown). */
export function playerImageProblem(file: Pick<File, 'type' | 'name' | 'size'>): AppError | null {
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!(IMAGE_TYPES.has(file.type) || (!file.type && byName))) return UPLOAD_ERRORS.playerImageType;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_ERRORS.tooLarge;
  return null;
}
