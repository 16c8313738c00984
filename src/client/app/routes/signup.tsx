import { SignUpScreen } from '@client/features/auth/components/sign-up-screen';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** Serves both /signup and /register. */
export function SignUpRoute() {
  useDocumentTitle('Create Account · Live Player Ratings');
  return <SignUpScreen />;
}
