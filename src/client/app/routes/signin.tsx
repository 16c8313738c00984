import { SignInScreen } from '@client/features/auth/components/sign-in-screen';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function SignInRoute() {
  useDocumentTitle('Sign In · Live Player Ratings');
  return <SignInScreen />;
}
