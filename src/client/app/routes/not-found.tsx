import { StatusScreen } from '@client/components/layout/status-screen';
import { buttonVariants } from '@client/components/ui/button';
import { useT } from '@client/lib/i18n/use-t';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { CircleQuestionMark } from 'lucide-react';
import { Link } from 'wouter';

export function NotFoundRoute() {
  const t = useT();
  useDocumentTitle(t('content.notFound.documentTitle'));
  return (
    <StatusScreen
      icon={CircleQuestionMark}
      title={t('content.notFound.title')}
      actions={
        <Link href="/" className={buttonVariants({ size: 'lg' })}>
          {t('content.notFound.home')}
        </Link>
      }
    >
      <p>{t('content.notFound.body')}</p>
    </StatusScreen>
  );
}
