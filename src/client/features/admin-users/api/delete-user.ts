import { apiRequest } from '@client/lib/api-client';
import { deletedUser } from '@shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryOptions } from './get-users';

/** DELETE /api/admin/users/:id: removes the account and ends its sessions. */
export function deleteUser(id: string) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, deletedUser, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
