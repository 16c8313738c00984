import { PlayerAvatar } from '@client/components/player/player-avatar';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import { Skeleton } from '@client/components/ui/skeleton';
import { oneDecimal } from '@client/lib/i18n/figures';
import { currentLocale, formatLocale } from '@client/lib/i18n/i18n';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import type { MotmResult } from '@shared/votes';
import { Award, Hourglass, RotateCw, Vote } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useMotm } from '../api/get-motm';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { ConfettiBurst } from './confetti-burst';

// The names are joined with the 'and' of the language being read; English keeps its British form. Each
// name is its own isolated run: Latin names inside an Arabic sentence keep their order and their words.
function joinNames(names: string[]): string {
  const locale = currentLocale();
  const tag = locale === 'en' ? 'en-GB' : formatLocale(locale);
  return new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }).format(
    names.map((name) => `\u2068${name}\u2069`),
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 px-1 py-1 sm:flex-col sm:gap-2 sm:px-4 sm:py-6 sm:text-center">
      <IconCircle className="shrink-0 sm:mb-1 sm:size-12 [&_svg]:size-5 sm:[&_svg]:size-6">{icon}</IconCircle>
      <div className="flex min-w-0 flex-col gap-0.5 sm:items-center sm:gap-2">
        <p className="font-semibold">{title}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

function MotmSkeleton() {
  const t = useT();
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-4 @lg:flex-row @lg:px-4">
      <span className="sr-only">{t('results.motm.loading')}</span>
      <Skeleton className="size-20 rounded-full sm:size-24" />
      <div className="flex w-full flex-col items-center gap-2 @lg:flex-1 @lg:items-start">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-28" />
      </div>
      <Skeleton className="h-10 w-24" />
    </div>
  );
}

function Winner({ result }: { result: NonNullable<MotmResult> }) {
  const t = useT();
  const { player, percentage, tiedWith, voteCount, totalVotes } = result;
  const share = t('results.motm.share', { share: oneDecimal(percentage) });
  const tied = tiedWith.length > 0;
  const width = `${Math.min(100, Math.max(0, percentage))}%`;
  const votes =
    voteCount === undefined
      ? null
      : totalVotes === undefined
        ? t('results.motm.voteCount', { count: voteCount })
        : t('results.motm.voteCountOfTotal', { count: voteCount, total: totalVotes });

  // A phone shows the winner beside their picture and the share as one line under them; a wide card
  // puts all three in a row.
  return (
    <div className="surface-dark grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 rounded-lg hero-gradient-soft p-4 text-white @lg:flex @lg:flex-row @lg:gap-6 @lg:px-6 @lg:py-6">
      <PlayerAvatar
        name={player.name}
        image={player.image}
        portraitUrl={player.portraitUrl}
        size="lg"
        className="size-16 text-xl ring-4 ring-gold sm:size-24"
      />
      <div className="flex min-w-0 flex-col items-start gap-1 @lg:flex-1">
        <span className="rounded-full bg-gold px-2.5 py-0.5 text-xs font-bold tracking-wide text-chrome uppercase">
          {tied ? t('results.motm.jointFansChoice') : t('results.motm.fansChoice')}
        </span>
        <p className="max-w-full text-xl font-extrabold leading-tight tracking-tight break-words @lg:text-2xl">
          {player.name}
        </p>
        <p className="text-sm text-chrome-muted @lg:text-[0.9375rem]">{positionName(player.position)}</p>
        {tied ? (
          <p className="mt-1 rounded-md bg-white/10 px-2.5 py-1 text-sm font-medium">
            {t('results.motm.tiedWith', { names: joinNames(tiedWith.map((other) => other.name)) })}
          </p>
        ) : null}
      </div>
      <div className="col-span-2 flex items-center gap-3 @lg:w-44 @lg:flex-col @lg:items-end @lg:gap-2">
        <p className="text-3xl font-extrabold leading-none tabular-nums text-gold @lg:text-4xl">
          {share}
          <span className="sr-only"> {t('results.motm.ofFansVotes')}</span>
        </p>
        <div
          aria-hidden="true"
          className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-white/15 @lg:w-full @lg:flex-none"
        >
          <div className="h-full rounded-full bg-gold transition-[width] duration-700" style={{ width }} />
        </div>
        <p aria-hidden={votes ? undefined : true} className="shrink-0 text-sm text-chrome-muted">
          {votes ?? t('results.motm.ofFansVotes')}
        </p>
      </div>
    </div>
  );
}

interface MotmCardProps {
  matchId: number;
  resultsVisible: boolean;
  /** The match has ended: the result is final. */
  final?: boolean;
}

/** The Man of the Match card: hidden behind 'Voting in progress...' until the results are the fan's to see. */
export function MotmCard({ matchId, resultsVisible, final = false }: MotmCardProps) {
  const headingId = useId();
  const t = useT();
  const reducedMotion = usePrefersReducedMotion();
  const { data, isPending, isError, isFetching, refetch } = useMotm(matchId, { enabled: resultsVisible });

  // Confetti whenever the winner shown differs from the one shown before, the first reveal included.
  const winnerId = resultsVisible && data ? data.player.id : null;
  const shownWinner = useRef<number | null>(null);
  const [burst, setBurst] = useState(0);
  useEffect(() => {
    if (winnerId === null || winnerId === shownWinner.current) return;
    shownWinner.current = winnerId;
    if (!reducedMotion) setBurst((count) => count + 1);
  }, [winnerId, reducedMotion]);

  let body: ReactNode;
  if (!resultsVisible) {
    body = (
      <Notice
        icon={<Hourglass className="size-6" aria-hidden="true" />}
        title={t('results.motm.inProgressTitle')}
      >
        {t('results.motm.inProgressBody')}
      </Notice>
    );
  } else if (isPending) {
    body = <MotmSkeleton />;
  } else if (isError && data === undefined) {
    body = (
      <div className="flex flex-col items-center gap-3 px-4 py-6 text-center">
        <p className="text-sm text-muted-foreground">{t('results.motm.loadFailed')}</p>
        <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
          <RotateCw aria-hidden="true" />
          {t('results.tryAgain')}
        </Button>
      </div>
    );
  } else if (!data) {
    body = (
      <Notice icon={<Vote className="size-6" aria-hidden="true" />} title={t('results.motm.noVotesTitle')}>
        {t('results.motm.noVotesBody')}
      </Notice>
    );
  } else {
    body = <Winner result={data} />;
  }

  const announcement =
    resultsVisible && data
      ? data.tiedWith.length > 0
        ? t('results.motm.announcementTied', { name: data.player.name })
        : t('results.motm.announcement', { name: data.player.name })
      : '';

  return (
    // Focusable from script only: the page moves the focus here once the fan's vote is in.
    <section id="motm-card" aria-labelledby={headingId} tabIndex={-1} className="scroll-mt-6 outline-none">
      <Card className="relative overflow-hidden">
        <CardHeader className="flex-row items-center gap-3 border-b border-border px-5 py-4">
          <IconCircle tone="gold" className="shrink-0">
            <Award className="size-5" aria-hidden="true" />
          </IconCircle>
          <div className="flex min-w-0 flex-col">
            <CardTitle id={headingId} className="text-lg leading-tight">
              {t('results.motm.title')}
            </CardTitle>
            <CardDescription className="text-sm">
              {final
                ? t('results.motm.finalChoice')
                : resultsVisible
                  ? t('results.motm.liveChoice')
                  : t('results.motm.revealedAfterVoting')}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="@container p-3 sm:p-4">
          <p className="sr-only" aria-live="polite" aria-atomic="true">
            {announcement}
          </p>
          {body}
        </CardContent>
        {burst > 0 && !reducedMotion ? <ConfettiBurst key={burst} onDone={() => setBurst(0)} /> : null}
      </Card>
    </section>
  );
}
