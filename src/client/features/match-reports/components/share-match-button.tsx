import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { currentLocale } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { shareMatchPath } from '@shared/match-reports';
import { Share2 } from 'lucide-react';

/**
 * Shares the match's public link (its page carries the result card for the networks): the phone's own
 * share sheet where there is one, else the link is copied.
 */
export function ShareMatchButton({ matchId, title }: { matchId: number; title: string }) {
  const t = useT();
  const share = async () => {
    // In the language the fan reads: the shared page and its card are written in it.
    const url = new URL(shareMatchPath(matchId, currentLocale()), window.location.origin).toString();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the sheet is the fan's choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({
        variant: 'success',
        title: t('reports.share.linkCopied'),
        description: t('reports.share.linkCopiedHint'),
      });
    } catch {
      toast({ variant: 'destructive', title: t('reports.share.copyFailed'), description: url });
    }
  };
  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      {t('reports.share.shareResult')}
    </Button>
  );
}
