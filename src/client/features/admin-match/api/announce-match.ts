import { callEndpoint } from '@client/lib/api-client';
import { ownChanges } from '@client/lib/live/own-changes';
import { queryKeys } from '@client/lib/query-keys';
import { contentAdminApi } from '@shared/content-admin';
import { type CreateMatchBody, type Match, matchesApi } from '@shared/matches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { MATCHES_KEY } from './match-queries';

export function createMatch(body: CreateMatchBody) {
  return ownChanges.track('match_update', () => callEndpoint(matchesApi.create, { body }));
}

/** POST /api/admin/announcement; empty text clears it. */
export function postAnnouncement(text: string) {
  return callEndpoint(contentAdminApi.setAnnouncement, { body: { announcement: text } });
}

interface AnnounceVariables {
  body: CreateMatchBody;
  text: string;
}

/**
 * The announce flow: create the match, then publish its announcement. When the match was created but
 * the announcement failed, trying again with the same details only re-sends the announcement, so no
 * duplicate match appears.
 */
export function useAnnounceMatch() {
  const queryClient = useQueryClient();
  const created = useRef<{ key: string; match: Match } | null>(null);
  return useMutation({
    mutationFn: async ({ body, text }: AnnounceVariables) => {
      const key = JSON.stringify(body);
      const existing = created.current?.key === key ? created.current.match : null;
      const newMatch = existing ?? (await createMatch(body));
      created.current = { key, match: newMatch };
      await postAnnouncement(text);
      created.current = null;
      return newMatch;
    },
    onSettled: () =>
      Promise.all(
        [queryKeys.currentMatch, MATCHES_KEY, queryKeys.announcement].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
