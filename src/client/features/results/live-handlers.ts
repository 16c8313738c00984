import { type LiveHandlers, refresh } from '@client/lib/live/live-messages';
import { queryKeys } from '@client/lib/query-keys';
import type { QueryClient } from '@tanstack/react-query';

/** The pushed leaderboard and Man of the Match result; a late or repeated push never replaces newer figures. */
export const resultsLiveHandlers = {
  leaderboard_update: (message, { queryClient, seqs }) => {
    const { matchId, seq, leaderboard, totalRatings, raters, heldBack } = message.data;
    if (!seqs.accept(message.type, matchId, seq)) return;
    queryClient.setQueryData(queryKeys.leaderboard(matchId), leaderboard);
    queryClient.setQueryData(queryKeys.matchStats(matchId), { totalRatings, raters, heldBack });
  },
  motm_update: (message, { queryClient, seqs }) => {
    const { matchId, seq, motm } = message.data;
    if (!seqs.accept(message.type, matchId, seq)) return;
    queryClient.setQueryData(queryKeys.motm(matchId), motm);
  },
} satisfies LiveHandlers;

/** What polling refreshes while the socket is down. */
export function refreshLiveResults(queryClient: QueryClient): void {
  const { prefixes } = queryKeys;
  refresh(queryClient, [prefixes.leaderboard, prefixes.motm, prefixes.stats]);
}
