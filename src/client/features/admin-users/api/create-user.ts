import { callEndpoint } from '@client/lib/api-client';
import { adminUsersApi, type UserBody } from '@shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryOptions } from './get-users';

/** POST /api/admin/users: a verified account and its generated password, shown once. */
export function createUser(body: UserBody) {
  return callEndpoint(adminUsersApi.create, { body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
