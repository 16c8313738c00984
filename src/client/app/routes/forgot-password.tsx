import { ForgotPasswordScreen } from '@client/features/auth/components/forgot-password-screen';
import { useT } from '@client/lib/i18n/use-t';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function ForgotPasswordRoute() {
  const t = useT();
  useDocumentTitle(t('auth.documentTitle.forgotPassword'));
  return <ForgotPasswordScreen />;
}
