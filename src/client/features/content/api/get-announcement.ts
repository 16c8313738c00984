import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { contentApi } from '@shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/announcement: the match announcement, null when cleared. */
export function getAnnouncement() {
  return callEndpoint(contentApi.announcement, {});
}

/** Stale after 5 min. */
export function announcementQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.announcement,
    queryFn: getAnnouncement,
    staleTime: 300_000,
  });
}

export function useAnnouncement() {
  return useQuery(announcementQueryOptions());
}
