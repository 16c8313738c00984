import { StatusScreen } from '@client/components/layout/status-screen';
import { buttonVariants } from '@client/components/ui/button';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { CircleQuestionMark } from 'lucide-react';
import { Link } from 'wouter';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found · Live Player Ratings');
  return (
    <StatusScreen
      icon={CircleQuestionMark}
      title="404 Page Not Found"
      actions={
        <Link href="/" className={buttonVariants({ size: 'lg' })}>
          Go to the home page
        </Link>
      }
    >
      <p>Did you forget to add the page to the router?</p>
    </StatusScreen>
  );
}
