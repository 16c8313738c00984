import { callEndpoint } from '@client/lib/api-client';
import { adminUsersApi } from '@shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryOptions } from './get-users';

/** DELETE /api/admin/users/:id: removes the account and ends its sessions. */
export function deleteUser(id: string) {
  return callEndpoint(adminUsersApi.remove, { params: { id } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
