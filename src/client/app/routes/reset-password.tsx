import { ResetPasswordScreen } from '@client/features/auth/components/reset-password-screen';
import { useT } from '@client/lib/i18n/use-t';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function ResetPasswordRoute() {
  const t = useT();
  useDocumentTitle(t('auth.documentTitle.resetPassword'));
  return <ResetPasswordScreen />;
}
