import { useT } from '@client/lib/i18n/use-t';
import { formatInstant } from '@client/lib/intl-format';
import { useEffect, useState } from 'react';

/** m:ss (or h:mm:ss) of what is left, never below zero. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * After full time, how long voting stays open: a clock that counts down each second. A screen reader
 * hears the closing time once (the ticking figure is not announced); at zero it says voting is closing
 * until the match's update arrives.
 */
export function VotingCountdown({ closesAt }: { closesAt: string }) {
  const t = useT();
  const end = Date.parse(closesAt);
  // Unknown until mounted: the server's drawing of the screen (in another time zone) and the page's first
  // render say only that voting is open, so both draw the same words.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (now === null)
    return (
      <p className="inline-flex rounded-md bg-white/10 px-3 py-1.5 text-sm font-semibold text-white">
        {t('voting.match.stillOpen')}
      </p>
    );
  const at = formatInstant(closesAt, { timeStyle: 'short' }) ?? '';
  const left = end - now;
  return (
    <p
      className="inline-flex items-center gap-2 rounded-md bg-white/10 px-3 py-1.5 text-sm font-semibold text-white"
      data-testid="voting-countdown"
    >
      {left > 0 ? (
        <>
          <span aria-hidden="true">
            {t('voting.match.closesIn')}{' '}
            <span dir="ltr" role="timer" className="tabular-nums text-gold">
              {countdownText(left)}
            </span>
          </span>
          <span className="sr-only">{t('voting.match.closesAt', { time: at })}</span>
        </>
      ) : (
        t('voting.match.closing')
      )}
    </p>
  );
}
