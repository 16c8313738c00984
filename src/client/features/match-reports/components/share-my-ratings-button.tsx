import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { currentLocale } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { readAuthToken } from '@client/lib/storage';
import { myRatingsCardFileName, myRatingsCardPath } from '@shared/match-reports';
import { ImageDown } from 'lucide-react';
import { useState } from 'react';

/** The signed-in fan's own card of the match, as a file (the server draws it for the caller only). */
async function fetchCard(matchId: number, opponent: string): Promise<File> {
  const headers = new Headers({ Accept: 'image/png' });
  // A social sign-in's page holds a bearer token; a password sign-in relies on the cookie.
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // Drawn in the language the fan reads.
  const response = await fetch(myRatingsCardPath(matchId, currentLocale()), {
    credentials: 'same-origin',
    headers,
  });
  if (!response.ok) throw new Error(`${response.status}`);
  const blob = await response.blob();
  return new File([blob], myRatingsCardFileName(opponent), { type: 'image/png' });
}

/** Saves the file through a link, as a download. */
function download(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Shares the fan's own ratings of an ended match as an image: the phone's share sheet where it takes
 * files, else the image is saved.
 */
export function ShareMyRatingsButton({ matchId, opponent }: { matchId: number; opponent: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  const share = async () => {
    setBusy(true);
    try {
      const file = await fetchCard(matchId, opponent);
      if (navigator.canShare?.({ files: [file] })) {
        try {
          await navigator.share({ files: [file], title: t('reports.share.myRatingsTitle', { opponent }) });
          return;
        } catch (error) {
          // Closing the sheet is the fan's choice, not a failure; any other refusal falls back to saving.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      download(file);
      toast({ variant: 'success', title: t('reports.share.imageSaved'), description: file.name });
    } catch {
      toast({ variant: 'destructive', title: t('reports.share.imageFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void share()} disabled={busy} aria-busy={busy}>
      {busy ? <Spinner /> : <ImageDown aria-hidden="true" />}
      {t('reports.share.shareMyRatings')}
    </Button>
  );
}
