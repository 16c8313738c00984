import { apiRequest } from '@client/lib/api-client';
import { adminUserList } from '@shared/admin-users';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The admin users list refreshes every 30 s. */
export const USERS_REFETCH_MS = 30_000;

/** GET /api/admin/users: every account with its role, last login and vote count. */
export function getUsers() {
  return apiRequest('/api/admin/users', adminUserList);
}

export function usersQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/users'],
    queryFn: getUsers,
    refetchInterval: USERS_REFETCH_MS,
  });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
