import { callEndpoint } from '@client/lib/api-client';
import { ownChanges } from '@client/lib/live/own-changes';
import { queryKeys } from '@client/lib/query-keys';
import { prefixOf } from '@shared/endpoint';
import { matchReportsApi } from '@shared/match-reports';
import { matchesAdminApi } from '@shared/matches-admin';
import { seasonsApi } from '@shared/seasons';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Everything a match hidden or shown again changes on this page: the admin's list and the current match,
 * and the public history the admin may have opened (past matches and their reports, seasons and their
 * tables, player pages, a fan's history).
 */
const CHANGED_KEYS = [
  queryKeys.matches,
  queryKeys.currentMatch,
  prefixOf(matchReportsApi.list),
  prefixOf(matchReportsApi.report),
  prefixOf(seasonsApi.table),
  prefixOf(seasonsApi.profile),
  prefixOf(seasonsApi.history),
];

/** POST /api/admin/matches/:id/hide: an ended match out of the public history (`hidden`), or back in it. */
export function useSetMatchHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      ownChanges.track('match_update', () =>
        callEndpoint(matchesAdminApi.hide, { params: { id }, body: { hidden } }),
      ),
    onSettled: () => Promise.all(CHANGED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
