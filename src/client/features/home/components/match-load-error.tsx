import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import { useT } from '@client/lib/i18n/use-t';
import { CircleAlert } from 'lucide-react';

/** The current match could not be loaded: say so and offer another try. */
export function MatchLoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <IconCircle size="lg">
        <CircleAlert className="size-6" aria-hidden="true" />
      </IconCircle>
      <h1 className="text-xl font-bold">{t('home.loadError.title')}</h1>
      <p className="max-w-sm text-sm text-muted-foreground">{t('home.loadError.text')}</p>
      <Button onClick={onRetry}>{t('home.loadError.retry')}</Button>
    </Card>
  );
}
