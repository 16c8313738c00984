import { ForgotPasswordScreen } from '@client/features/auth/components/forgot-password-screen';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password · Live Player Ratings');
  return <ForgotPasswordScreen />;
}
