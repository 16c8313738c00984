import { callEndpoint } from '@client/lib/api-client';
import { adminUsersApi, type UserBody } from '@shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryOptions } from './get-users';

/** PUT /api/admin/users/:id: name, e-mail and the admin flag. */
export function updateUser({ id, body }: { id: string; body: UserBody }) {
  return callEndpoint(adminUsersApi.update, { params: { id }, body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
