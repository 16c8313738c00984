import { callEndpoint } from '@client/lib/api-client';
import { ownChanges } from '@client/lib/live/own-changes';
import { formatScore, parseScore, type Score } from '@client/lib/match-format';
import { queryKeys } from '@client/lib/query-keys';
import { type Match, matchesApi, type UpdateMatchBody } from '@shared/matches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { stepScore } from '../utils/score';
import { MATCHES_KEY } from './match-queries';

/** PATCH /api/matches/:id; its live echo in this tab raises no fan toast. */
export function updateMatch(id: number, body: UpdateMatchBody) {
  return ownChanges.track('match_update', () => callEndpoint(matchesApi.update, { params: { id }, body }));
}

/** State, half time and details: the answer replaces the cached match. */
export function useUpdateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateMatchBody }) => updateMatch(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.currentMatch, updated);
      void queryClient.invalidateQueries({ queryKey: MATCHES_KEY });
    },
  });
}

const SCORE_KEY = ['admin-score'] as const;

/**
 * The score buttons: the new score shows at once and is sent straight away. Each tap counts from the
 * last score asked for (not the last one the server confirmed), taps go out one after another (a
 * mutation scope), and only the last to settle re-reads the match, so fast tapping never loses a goal.
 */
export function useUpdateScore(onError: () => void) {
  const queryClient = useQueryClient();
  const wanted = useRef<{ id: number; score: Score } | null>(null);
  const mutation = useMutation({
    mutationKey: SCORE_KEY,
    scope: { id: 'admin-score' },
    mutationFn: ({ id, score }: { id: number; score: Score }) =>
      updateMatch(id, { score: formatScore(score) }),
    onError: () => {
      wanted.current = null;
      onError();
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: SCORE_KEY }) > 1) return undefined;
      // Taps keep counting from the score asked for until the re-read has the server's answer.
      return queryClient.invalidateQueries({ queryKey: queryKeys.currentMatch }).finally(() => {
        if (queryClient.isMutating({ mutationKey: SCORE_KEY }) <= 1) wanted.current = null;
      });
    },
  });
  const { mutate } = mutation;

  const step = useCallback(
    (match: Match, side: 'home' | 'away', delta: 1 | -1) => {
      const base = wanted.current?.id === match.id ? wanted.current.score : parseScore(match);
      const next = stepScore(base, side, delta);
      if (next[0] === base[0] && next[1] === base[1]) return;
      wanted.current = { id: match.id, score: next };
      // A re-read already on its way (a live match_update, say) may answer with the score from before
      // this tap: cancel it first, so it cannot overwrite the new score that the next tap counts from.
      void queryClient.cancelQueries({ queryKey: queryKeys.currentMatch }).then(() => {
        queryClient.setQueryData<Match | null>(queryKeys.currentMatch, (current) =>
          current && current.id === match.id
            ? { ...current, score: formatScore(next), homeScore: next[0], awayScore: next[1] }
            : current,
        );
        mutate({ id: match.id, score: next });
      });
    },
    [queryClient, mutate],
  );

  return { step, isPending: mutation.isPending };
}
