import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormDialogFooter } from '@client/components/ui/form-dialog-footer';
import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useCreatePlayer } from '../api/player-api';
import { type PlayerFormValues, playerFormSchema, toPlayerBody } from '../utils/player-form';
import { PlayerFields } from './player-fields';

const EMPTY: PlayerFormValues = { name: '', position: '', jerseyNumber: '' };

interface AddPlayerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notificationsEnabled: boolean;
}

/** 'Add Custom Player': name and position required, jersey number optional. */
export function AddPlayerDialog({ open, onOpenChange, notificationsEnabled }: AddPlayerDialogProps) {
  const id = useId();
  const create = useCreatePlayer();
  const { control, register, handleSubmit, formState, reset } = useForm<PlayerFormValues>({
    resolver: zodResolver(playerFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) => {
    create.mutate(toPlayerBody(values), {
      onSuccess: ({ player }) => {
        if (notificationsEnabled) {
          toast({
            variant: 'success',
            title: 'Player Added',
            description: `${player.name} joined the squad.`,
          });
        }
        reset(EMPTY);
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error Adding Player',
          description: apiErrorMessage(error, 'Failed to add player. Please try again.'),
        }),
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset(EMPTY);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Custom Player</DialogTitle>
          <DialogDescription>
            A player who is not in the squad list yet, such as a new signing.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <PlayerFields
            idPrefix={id}
            control={control}
            register={register}
            errors={formState.errors}
            jerseyHint="Optional, 1 to 99."
          />
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel="Add Player"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
