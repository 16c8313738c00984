import { Avatar } from '@client/components/ui/avatar';
import { LazyDialogButton } from '@client/components/ui/lazy-dialog';
import { withCatalog } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import type { PublicUser } from '@shared/auth';
import { lazy } from 'react';

// The dialog is out of the first load: it is fetched when the avatar is pointed at or focused.
const loadDialog = () =>
  withCatalog('account', () => import('./account-dialog'))().then((module) => ({
    default: module.AccountDialog,
  }));
const AccountDialog = lazy(loadDialog);

/** The tappable avatar: opens a short summary of the signed-in account. */
export function AccountButton({ user }: { user: PublicUser }) {
  const t = useT();
  return (
    <LazyDialogButton
      preload={loadDialog}
      dialog={(state) => <AccountDialog user={user} {...state} />}
      className="flex size-11 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Avatar name={user.name} src={user.avatar} />
      <span className="sr-only">{t('common.account.buttonLabel', { name: user.name })}</span>
    </LazyDialogButton>
  );
}
