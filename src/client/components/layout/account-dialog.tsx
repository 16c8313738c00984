import { Avatar } from '@client/components/ui/avatar';
import {
  DialogDescription,
  DialogHeader,
  DialogTitle,
  LazyDialogContent,
} from '@client/components/ui/dialog';
import type { LazyDialogState } from '@client/components/ui/lazy-dialog';
import { AccountDataActions } from '@client/features/account/components/account-data-actions';
import type { PublicUser } from '@shared/auth';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-border py-2.5 last:border-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 truncate text-right font-medium">{children}</dd>
    </div>
  );
}

interface AccountDialogProps extends LazyDialogState {
  user: PublicUser;
}

/**
 * A short summary of the signed-in account, with the fan's own-data actions (download, delete), loaded
 * on the first opening (see AccountButton).
 */
export function AccountDialog({ user, ...state }: AccountDialogProps) {
  return (
    <LazyDialogContent {...state}>
      <DialogHeader className="flex-row items-center gap-3">
        <Avatar name={user.name} src={user.avatar} className="size-12" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <DialogTitle className="truncate">{user.name}</DialogTitle>
          <DialogDescription className="truncate">{user.email}</DialogDescription>
        </div>
      </DialogHeader>
      <dl className="text-sm">
        <Row term="Role">{user.isAdmin ? 'Admin' : 'Fan'}</Row>
        <Row term="Votes cast">{user.voteCount}</Row>
        <Row term="Rating data">{user.consentGiven ? 'Allowed' : 'Not allowed'}</Row>
        <Row term="Geolocation">{user.geolocationConsent ? 'Allowed' : 'Not allowed'}</Row>
      </dl>
      <p className="text-sm text-muted-foreground">
        How we use this data is explained in our{' '}
        <Link href="/privacy" className="font-medium text-primary-text underline underline-offset-4">
          privacy policy
        </Link>
        .
      </p>
      <AccountDataActions user={user} />
    </LazyDialogContent>
  );
}
