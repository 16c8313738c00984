import { SignUpScreen } from '@client/features/auth/components/sign-up-screen';
import { useT } from '@client/lib/i18n/use-t';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** Serves both /signup and /register. */
export function SignUpRoute() {
  const t = useT();
  useDocumentTitle(t('auth.documentTitle.signUp'));
  return <SignUpScreen />;
}
