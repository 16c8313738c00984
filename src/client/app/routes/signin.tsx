import { SignInScreen } from '@client/features/auth/components/sign-in-screen';
import { useT } from '@client/lib/i18n/use-t';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function SignInRoute() {
  const t = useT();
  useDocumentTitle(t('auth.documentTitle.signIn'));
  return <SignInScreen />;
}
