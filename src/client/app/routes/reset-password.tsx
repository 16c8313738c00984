import { ResetPasswordScreen } from '@client/features/auth/components/reset-password-screen';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function ResetPasswordRoute() {
  useDocumentTitle('Set a New Password · Live Player Ratings');
  return <ResetPasswordScreen />;
}
