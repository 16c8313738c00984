import { ConfirmEmailScreen } from '@client/features/auth/components/confirm-email-screen';
import { useT } from '@client/lib/i18n/use-t';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function ConfirmRoute() {
  const t = useT();
  useDocumentTitle(t('auth.documentTitle.confirm'));
  return <ConfirmEmailScreen />;
}
