import { LanguageMenu } from '@client/components/layout/language-menu';
import { Avatar } from '@client/components/ui/avatar';
import {
  DialogDescription,
  DialogHeader,
  DialogTitle,
  LazyDialogContent,
} from '@client/components/ui/dialog';
import type { LazyDialogState } from '@client/components/ui/lazy-dialog';
import { AccountDataActions } from '@client/features/account/components/account-data-actions';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import type { PublicUser } from '@shared/auth';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';

// Its own chunk, fetched as soon as this dialog's code arrives (when the avatar is pointed at or focused),
// so the first-load page lists one file fewer for it.
const loadPushSettings = () =>
  import('@client/features/notifications/components/push-settings').then((module) => ({
    default: module.PushSettings,
  }));
const PushSettings = lazy(loadPushSettings);
loadPushSettings().catch(() => undefined);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-border py-2.5 last:border-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 truncate text-end font-medium">{children}</dd>
    </div>
  );
}

interface AccountDialogProps extends LazyDialogState {
  user: PublicUser;
}

/**
 * A short summary of the signed-in account, the fan's language and notifications, and the fan's own-data
 * actions (download, delete), loaded on the first opening (see AccountButton).
 */
export function AccountDialog({ user, ...state }: AccountDialogProps) {
  const t = useT();
  const allowed = (given: boolean) => t(given ? 'common.account.allowed' : 'common.account.notAllowed');
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
        <Row term={t('common.account.role')}>
          {t(user.isAdmin ? 'common.account.roleAdmin' : 'common.account.roleFan')}
        </Row>
        <Row term={t('common.account.votesCast')}>{user.voteCount}</Row>
        <Row term={t('common.account.ratingData')}>{allowed(user.consentGiven)}</Row>
        <Row term={t('common.account.geolocation')}>{allowed(user.geolocationConsent)}</Row>
      </dl>
      <LanguageMenu />
      <p className="text-sm text-muted-foreground">
        <Trans
          id="common.account.privacyNote"
          components={{
            0: (
              <Link href="/privacy" className="font-medium text-primary-text underline underline-offset-4" />
            ),
          }}
        />
      </p>
      <Suspense fallback={<div className="h-60 border-t border-border" />}>
        <PushSettings userId={user.id} />
      </Suspense>
      <AccountDataActions user={user} />
    </LazyDialogContent>
  );
}
