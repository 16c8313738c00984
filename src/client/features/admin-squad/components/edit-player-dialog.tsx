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
import { zodResolver } from '@hookform/resolvers/zod';
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
  const id = useId();
  const edit = useEditPlayer();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
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
              title: 'Player Updated',
              description: `${values.name.trim()} was saved.`,
            });
          }
          onDone();
        },
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: 'Failed to update player. Please try again.',
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
        jerseyHint="1 to 99."
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={imageId}>Player image</Label>
        <div className="flex items-center gap-3">
          {preview ? (
            <img
              src={preview}
              alt={`${player.name}, chosen and not saved yet`}
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
            className="min-h-11 w-full min-w-0 cursor-pointer rounded-md text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-card file:px-3 file:text-sm file:font-semibold hover:file:bg-muted"
          />
        </div>
        <p id={`${imageId}-hint`} className="text-sm text-muted-foreground">
          PNG or JPG, up to 5 MB. 400x400 recommended.
        </p>
        {imageError ? (
          <p id={`${imageId}-error`} className="text-sm font-medium text-destructive">
            {imageError}
          </p>
        ) : null}
      </div>
      <FormDialogFooter onCancel={onDone} pending={edit.isPending} submitLabel="Save Changes" />
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
  return (
    <Dialog
      open={player !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Player</DialogTitle>
          <DialogDescription>{player ? `Change ${player.name}'s details or photo.` : null}</DialogDescription>
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
