import { callEndpoint } from '@client/lib/api-client';
import { adminUsersApi } from '@shared/admin-users';
import { keyOf } from '@shared/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The admin users list refreshes every 30 s. */
export const USERS_REFETCH_MS = 30_000;

/** GET /api/admin/users: every account with its role, last login and vote count. */
export function getUsers() {
  return callEndpoint(adminUsersApi.list, {});
}

export function usersQueryOptions() {
  return queryOptions({
    queryKey: keyOf(adminUsersApi.list),
    queryFn: getUsers,
    refetchInterval: USERS_REFETCH_MS,
  });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
