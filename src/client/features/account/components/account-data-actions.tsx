import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import type { PublicUser } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { deleteAccount, downloadAccountData } from '../api/account-api';
import { useSignOutDeleted } from '../api/use-sign-out-deleted';

/** "Download my data" and "Delete account" (privacy policy section 8), in the account dialog. */
export function AccountDataActions({ user }: { user: PublicUser }) {
  const t = useT();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const signOutDeleted = useSignOutDeleted();

  const download = useMutation({
    mutationFn: () => downloadAccountData(user.id),
    onError: (error) => console.warn('Data download failed', error),
  });

  const remove = useMutation({
    mutationFn: () => deleteAccount(user.id),
    onSuccess: async () => {
      setConfirmOpen(false);
      await signOutDeleted();
      toast({
        variant: 'success',
        title: t('account.data.deletedTitle'),
        description: t('account.data.deletedDescription'),
      });
    },
    onError: (error) => console.warn('Account deletion failed', error),
  });

  return (
    <section aria-labelledby="your-data-heading" className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 id="your-data-heading" className="text-sm font-semibold">
        {t('account.data.title')}
      </h3>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
          <Download aria-hidden="true" />
          {download.isPending ? t('account.data.preparing') : t('account.data.download')}
        </Button>
        <AlertDialog
          open={confirmOpen}
          onOpenChange={(next) => {
            // Closing is refused while the deletion runs; its outcome decides what happens next.
            if (remove.isPending) return;
            setConfirmOpen(next);
            if (!next) remove.reset();
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              {t('account.data.delete')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('account.data.confirmTitle')}</AlertDialogTitle>
              <AlertDialogDescription>{t('account.data.confirmDescription')}</AlertDialogDescription>
            </AlertDialogHeader>
            <div className="flex flex-col gap-3 text-sm">
              <div>
                <p className="font-semibold">{t('account.data.removedTitle')}</p>
                <ul className="mt-1 list-disc ps-5 text-muted-foreground">
                  <li>{t('account.data.removedProfile')}</li>
                  <li>{t('account.data.removedConsent')}</li>
                  <li>{t('account.data.removedSessions')}</li>
                </ul>
              </div>
              <div>
                <p className="font-semibold">{t('account.data.keptTitle')}</p>
                <ul className="mt-1 list-disc ps-5 text-muted-foreground">
                  <li>{t('account.data.keptRatings')}</li>
                </ul>
              </div>
              <p className="text-muted-foreground">{t('account.data.copyFirst')}</p>
            </div>
            {remove.isError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {apiErrorMessage(remove.error, t('account.data.deleteFailed'))}
              </p>
            ) : null}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{t('account.data.cancel')}</AlertDialogCancel>
              <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? t('account.data.deleting') : t('account.data.deleteConfirm')}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
      <p aria-live="polite" className="text-sm empty:hidden">
        {download.isError ? (
          <span className="font-medium text-destructive">
            {apiErrorMessage(download.error, t('account.data.downloadFailed'))}
          </span>
        ) : download.isSuccess ? (
          <span className="text-muted-foreground">{t('account.data.downloaded')}</span>
        ) : null}
      </p>
    </section>
  );
}
