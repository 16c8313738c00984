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
import { useT } from '@client/lib/i18n/use-t';
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
  const t = useT();
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
            title: t('admin-squad.add.successTitle'),
            description: t('admin-squad.add.successDescription', { name: player.name }),
          });
        }
        reset(EMPTY);
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('admin-squad.add.errorTitle'),
          description: apiErrorMessage(error, t('admin-squad.add.errorFallback')),
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
          <DialogTitle>{t('admin-squad.addCustomPlayer')}</DialogTitle>
          <DialogDescription>{t('admin-squad.add.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <PlayerFields
            idPrefix={id}
            control={control}
            register={register}
            errors={formState.errors}
            jerseyHint={t('admin-squad.add.jerseyHint')}
          />
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel={t('admin-squad.add.submit')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
