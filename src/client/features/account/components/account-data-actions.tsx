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
import type { PublicUser } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { deleteAccount, downloadAccountData } from '../api/account-api';
import { useSignOutDeleted } from '../api/use-sign-out-deleted';

const DOWNLOAD_FAILED = 'Your data could not be downloaded. Please try again.';
const DELETE_FAILED = 'Your account could not be deleted. Please try again.';

/** "Download my data" and "Delete account" (privacy policy section 8), in the account dialog. */
export function AccountDataActions({ user }: { user: PublicUser }) {
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
        title: 'Account deleted',
        description:
          'You are signed out. Your ratings and votes remain in the match figures without your name.',
      });
    },
    onError: (error) => console.warn('Account deletion failed', error),
  });

  return (
    <section aria-labelledby="your-data-heading" className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 id="your-data-heading" className="text-sm font-semibold">
        Your data
      </h3>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
          <Download aria-hidden="true" />
          {download.isPending ? 'Preparing…' : 'Download my data'}
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
              Delete account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                This cannot be undone. You will be signed out on every device.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="flex flex-col gap-3 text-sm">
              <div>
                <p className="font-semibold">Removed at once</p>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                  <li>Your profile: name, e-mail address, photo and sign-in details</li>
                  <li>Your consent choices and newsletter sign-up</li>
                  <li>Your sessions, sign-in records and e-mails we sent you</li>
                </ul>
              </div>
              <div>
                <p className="font-semibold">Kept without your name</p>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                  <li>Your player ratings and Man of the Match votes, so match results stay right</li>
                </ul>
              </div>
              <p className="text-muted-foreground">
                Want a copy first? Use “Download my data” before deleting.
              </p>
            </div>
            {remove.isError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {apiErrorMessage(remove.error, DELETE_FAILED)}
              </p>
            ) : null}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
              <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? 'Deleting…' : 'Delete my account'}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
      <p aria-live="polite" className="text-sm empty:hidden">
        {download.isError ? (
          <span className="font-medium text-destructive">
            {apiErrorMessage(download.error, DOWNLOAD_FAILED)}
          </span>
        ) : download.isSuccess ? (
          <span className="text-muted-foreground">Your data was downloaded as a JSON file.</span>
        ) : null}
      </p>
    </section>
  );
}
