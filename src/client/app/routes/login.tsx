import { LoginScreen } from '@client/features/auth/components/login-screen';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Sign In or Register · Live Player Ratings');
  return <LoginScreen />;
}
