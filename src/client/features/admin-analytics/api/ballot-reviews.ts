import { callEndpoint } from '@client/lib/api-client';
import { keyOf } from '@shared/endpoint';
import { type BallotDecisionBody, shieldAdminApi } from '@shared/shield';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const queueKey = (matchId: number) => [...keyOf(shieldAdminApi.queue), { matchId }];

/** GET /api/admin/shield/reviews?matchId=: the match's ballots held back, excluded or decided. */
export function useReviewQueue(matchId: number | undefined) {
  return useQuery({
    queryKey: queueKey(matchId ?? 0),
    queryFn: () => callEndpoint(shieldAdminApi.queue, { query: { matchId: matchId ?? 0 } }),
    enabled: matchId !== undefined,
    // Ballots arrive with the fans' votes: the queue follows a live match.
    refetchInterval: 10_000,
  });
}

/** POST /api/admin/shield/reviews/:matchId/:userId: counts (restores) or excludes one ballot. */
export function useDecideBallot(matchId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, verdict }: { userId: string } & BallotDecisionBody) =>
      callEndpoint(shieldAdminApi.decide, { params: { matchId: matchId ?? 0, userId }, body: { verdict } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey(matchId ?? 0) }),
  });
}
