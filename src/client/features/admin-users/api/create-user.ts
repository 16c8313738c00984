import { apiRequest } from '@client/lib/api-client';
import { createdUser, type UserBody } from '@shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryOptions } from './get-users';

/** POST /api/admin/users: a verified account and its generated password, shown once. */
export function createUser(body: UserBody) {
  return apiRequest('/api/admin/users', createdUser, { method: 'POST', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
