import { LoginScreen } from '@client/features/auth/components/login-screen';
import { useT } from '@client/lib/i18n/use-t';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function LoginRoute() {
  const t = useT();
  useDocumentTitle(t('auth.documentTitle.login'));
  return <LoginScreen />;
}
