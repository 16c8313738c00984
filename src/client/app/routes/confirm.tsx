import { ConfirmEmailScreen } from '@client/features/auth/components/confirm-email-screen';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function ConfirmRoute() {
  useDocumentTitle('Verify Email · Live Player Ratings');
  return <ConfirmEmailScreen />;
}
