import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormDialogFooter } from '@client/components/ui/form-dialog-footer';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { errorText } from '@client/lib/i18n/messages';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AppError } from '@shared/errors';
import type { Player } from '@shared/players';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useEditPlayer } from '../api/player-api';
import {
  type PlayerFormValues,
  playerFormSchema,
  playerImageProblem,
  toPlayerBody,
} from '../utils/player-form';
import { PlayerFields } from './player-fields';
import { PlayerThumb } from './player-thumb';

/** A preview address for a chosen file, released when it changes or the dialog closes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface EditPlayerFormProps {
  player: Player;
  notificationsEnabled: boolean;
  onDone: () => void;
}

function EditPlayerForm({ player, notificationsEnabled, onDone }: EditPlayerFormProps) {
  const t = useT();
  const id = useId();
  const edit = useEditPlayer();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<AppError | null>(null);
  const preview = usePreviewUrl(image);
  const { control, register, handleSubmit, formState } = useForm<PlayerFormValues>({
    resolver: zodResolver(playerFormSchema),
    defaultValues: {
      name: player.name,
      position: player.position,
      jerseyNumber: player.jerseyNumber === null ? '' : String(player.jerseyNumber),
    },
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) {
      setImage(null);
      setImageError(null);
      return;
    }
    const problem = playerImageProblem(file);
    setImageError(problem);
    setImage(problem ? null : file);
    if (problem) event.target.value = '';
  };

  const onSubmit = handleSubmit((values) => {
    edit.mutate(
      { id: player.id, body: toPlayerBody(values), image },
      {
        onSuccess: () => {
          if (notificationsEnabled) {
            toast({
              variant: 'success',
              title: t('admin-squad.edit.successTitle'),
              description: t('admin-squad.edit.successDescription', { name: values.name.trim() }),
            });
          }
          onDone();
        },
        onError: () =>
          toast({
            variant: 'destructive',
            title: t('admin-squad.edit.errorTitle'),
            description: t('admin-squad.edit.errorDescription'),
          }),
      },
    );
  });

  const imageId = `${id}-image`;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PlayerFields
        idPrefix={id}
        control={control}
        register={register}
        errors={formState.errors}
        currentPosition={player.position}
        jerseyHint={t('admin-squad.edit.jerseyHint')}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={imageId}>{t('admin-squad.edit.imageLabel')}</Label>
        <div className="flex items-center gap-3">
          {preview ? (
            <img
              src={preview}
              alt={t('admin-squad.edit.previewAlt', { name: player.name })}
              className="size-16 shrink-0 rounded-full object-cover"
            />
          ) : (
            <PlayerThumb name={player.name} src={player.image} className="size-16 text-base" />
          )}
          <input
            id={imageId}
            type="file"
            accept="image/png,image/jpeg"
            onChange={onFile}
            aria-invalid={Boolean(imageError)}
            aria-describedby={`${imageId}-hint${imageError ? ` ${imageId}-error` : ''}`}
            className="min-h-11 w-full min-w-0 cursor-pointer rounded-md text-sm file:me-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-card file:px-3 file:text-sm file:font-semibold hover:file:bg-muted"
          />
        </div>
        <p id={`${imageId}-hint`} className="text-sm text-muted-foreground">
          {t('admin-squad.edit.imageHint')}
        </p>
        {imageError ? (
          <p id={`${imageId}-error`} className="text-sm font-medium text-destructive">
            {errorText(imageError)}
          </p>
        ) : null}
      </div>
      <FormDialogFooter
        onCancel={onDone}
        pending={edit.isPending}
        submitLabel={t('admin-squad.edit.submit')}
      />
    </form>
  );
}

interface EditPlayerDialogProps {
  player: Player | null;
  notificationsEnabled: boolean;
  onClose: () => void;
}

/** Edit a player or the manager: name, position, jersey number and image. */
export function EditPlayerDialog({ player, notificationsEnabled, onClose }: EditPlayerDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={player !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('admin-squad.edit.title')}</DialogTitle>
          <DialogDescription>
            {player ? t('admin-squad.edit.description', { name: player.name }) : null}
          </DialogDescription>
        </DialogHeader>
        {player ? (
          <EditPlayerForm
            key={player.id}
            player={player}
            notificationsEnabled={notificationsEnabled}
            onDone={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
