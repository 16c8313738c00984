import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { positionShort } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import {
  MANAGERS_MAX,
  POSITION_ABBREVIATIONS,
  type Position,
  STARTING_XI_MAX,
  SUBSTITUTES_MAX,
} from '@shared/domain';
import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { hasEnded } from '@shared/rules';
import { Play, RotateCcw, Shirt } from 'lucide-react';
import { useAdminCurrentMatch, usePublishedPlayers } from '../api/match-queries';
import { useChangeMatchState } from '../hooks/use-change-match-state';

/** The position's short form in the language being read; one the product does not know, its first letters. */
function abbreviation(position: string): string {
  return Object.hasOwn(POSITION_ABBREVIATIONS, position)
    ? positionShort(position as Position)
    : position.slice(0, 2).toUpperCase();
}

function Group({ title, players, max }: { title: string; players: Player[]; max: number }) {
  const t = useT();
  const full = players.length === max;
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      {/* Under the card's h2 'Match Preparation': the next level (axe heading-order). */}
      <h3 className="flex items-center justify-between gap-2 text-sm font-semibold">
        {title}
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-bold tabular-nums',
            full ? 'bg-success-soft text-success' : 'bg-muted text-muted-foreground',
          )}
        >
          {players.length}/{max}
        </span>
      </h3>
      {players.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {players.map((player) => (
            <li key={player.id} className="flex min-h-11 items-center gap-3 px-3 py-1.5 text-sm">
              <span className="w-7 text-end font-bold tabular-nums text-muted-foreground">
                {player.jerseyNumber ?? ''}
              </span>
              <span className="min-w-0 flex-1 truncate font-medium">{player.name}</span>
              <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-bold text-muted-foreground">
                {abbreviation(player.isManager ? 'Manager' : player.position)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed border-input px-3 py-2.5 text-sm text-muted-foreground">
          {t('admin-match.squad.nonePublished')}
        </p>
      )}
    </section>
  );
}

function GoLive({
  match,
  publishedCount,
  notificationsEnabled,
}: {
  match: Match | null;
  publishedCount: number;
  notificationsEnabled: boolean;
}) {
  const t = useT();
  const state = useChangeMatchState(match, notificationsEnabled);
  if (!match) return <p className="text-sm text-muted-foreground">{t('admin-match.squad.announceFirst')}</p>;
  if (match.isLive) {
    return <p className="text-sm font-medium text-success">{t('admin-match.squad.isLive')}</p>;
  }
  // Once the match has ended, going live again is a rare correction, not the next step: it is offered
  // plainly (outline) and asks first, while the next step is announcing the next match.
  if (hasEnded(match)) {
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <p className="text-sm text-muted-foreground">{t('admin-match.squad.hasEnded')}</p>
        <Button variant="outline" onClick={() => state.change('live')} disabled={state.isPending}>
          {state.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
          {t('admin-match.reopenVoting')}
        </Button>
        {state.confirmDialog}
      </div>
    );
  }
  return (
    <Button onClick={() => state.change('live')} disabled={state.isPending || publishedCount === 0}>
      {state.isPending ? <Spinner /> : <Play aria-hidden="true" />}
      {t('admin-match.squad.startMatch')}
    </Button>
  );
}

interface MatchDaySquadProps {
  notificationsEnabled: boolean;
  onOpenSquad: () => void;
}

/** '2. Match Day Squad': who fans can rate now, a way to change it, and the go-live action. */
export function MatchDaySquad({ notificationsEnabled, onOpenSquad }: MatchDaySquadProps) {
  const t = useT();
  const { data: players, isPending, isError, refetch } = usePublishedPlayers();
  const { data: match } = useAdminCurrentMatch();

  if (isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-3" aria-hidden="true">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (isError) {
    return (
      <Alert title={t('admin-match.squad.loadFailed')}>
        <Button variant="link" onClick={() => void refetch()}>
          {t('admin-match.tryAgain')}
        </Button>
      </Alert>
    );
  }
  const managers = players.filter((p) => p.isManager);
  const substitutes = players.filter((p) => !p.isManager && p.isSubstitute);
  const starters = players.filter((p) => !p.isManager && !p.isSubstitute);

  return (
    <div className="flex flex-col gap-5">
      <p className="text-[0.9375rem] text-muted-foreground">
        {players.length
          ? t('admin-match.squad.publishedCount', { count: players.length })
          : t('admin-match.squad.nobodyPublished')}
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        <Group title={t('admin-match.squad.startingXi')} players={starters} max={STARTING_XI_MAX} />
        <Group title={t('admin-match.squad.substitutes')} players={substitutes} max={SUBSTITUTES_MAX} />
        <Group title={t('admin-match.squad.manager')} players={managers} max={MANAGERS_MAX} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="outline" onClick={onOpenSquad}>
          <Shirt aria-hidden="true" />
          {t('admin-match.squad.openSquad')}
        </Button>
        <GoLive
          match={match ?? null}
          publishedCount={players.length}
          notificationsEnabled={notificationsEnabled}
        />
      </div>
    </div>
  );
}
