import { Button } from '@client/components/ui/button';
import { useT } from '@client/lib/i18n/use-t';
import { queryKeys } from '@client/lib/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ANALYTICS_KEY } from '../api/get-match-analytics';
import { useCurrentMatch, useMatches } from '../api/get-matches';
import { pickerMatches } from '../utils/match-history';
import { BallotReviewCard } from './ballot-review-card';
import { ControversialCard } from './controversial-card';
import { ExportHistoryButton } from './export-history-button';
import { MatchHistoryCard } from './match-history-card';
import { MatchPicker } from './match-picker';
import { MotmLeadersCard } from './motm-leaders-card';
import { PlayerDistributionCard } from './player-distribution-card';
import { RatingsTimelineCard } from './ratings-timeline-card';
import { CompletionCard, LoyaltyCard, TotalVotesCard } from './stat-cards';

interface AnalyticsTabProps {
  /** The admin notifications preference: success notices only when on. Errors always show. */
  notificationsEnabled?: boolean;
}

/**
 * Analytics: votes, loyalty and completion, MOTM leaders, controversial ratings,
 * ratings per minute, rating distributions, match history and the JSON export. It opens on the current
 * match; the picker shows any other.
 */
export function AnalyticsTab({ notificationsEnabled = true }: AnalyticsTabProps = {}) {
  const t = useT();
  const queryClient = useQueryClient();
  const current = useCurrentMatch();
  const matches = useMatches();
  const [chosen, setChosen] = useState<number | undefined>(undefined);

  const currentId = current.data?.id;
  const list = pickerMatches(matches.data ?? (current.data ? [current.data] : []), currentId);
  const matchId = chosen ?? currentId ?? list[0]?.id;

  const refresh = () =>
    Promise.all(
      [[ANALYTICS_KEY], ['/api/motm-leaderboard'], queryKeys.matches].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <MatchPicker matches={list} value={matchId} currentId={currentId} onChange={setChosen} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={refresh}>
            <RefreshCw aria-hidden="true" />
            {t('admin-match.analytics.refresh')}
          </Button>
          <ExportHistoryButton notify={notificationsEnabled} />
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <TotalVotesCard matchId={matchId} />
        <LoyaltyCard />
        <CompletionCard matchId={matchId} />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <MotmLeadersCard matchId={matchId} />
        <ControversialCard matchId={matchId} />
      </div>

      <div className="grid gap-4 xl:grid-cols-2">
        <RatingsTimelineCard matchId={matchId} />
        <PlayerDistributionCard matchId={matchId} />
      </div>

      <BallotReviewCard matchId={matchId} />

      <MatchHistoryCard notify={notificationsEnabled} />
    </div>
  );
}
