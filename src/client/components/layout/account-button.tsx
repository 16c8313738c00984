import { Avatar } from '@client/components/ui/avatar';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import type { PublicUser } from '@shared/auth';
import { Link } from 'wouter';

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-border py-2.5 last:border-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 truncate text-right font-medium">{children}</dd>
    </div>
  );
}

/** The tappable avatar: opens a short summary of the signed-in account. */
export function AccountButton({ user }: { user: PublicUser }) {
  return (
    <Dialog>
      <DialogTrigger className="flex size-11 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <Avatar name={user.name} src={user.avatar} />
        <span className="sr-only">Your account: {user.name}</span>
      </DialogTrigger>
      <DialogContent>
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
      </DialogContent>
    </Dialog>
  );
}
