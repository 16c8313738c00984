import { apiRequest } from '@client/lib/api-client';
import { adminUser, type UserBody } from '@shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryOptions } from './get-users';

/** PUT /api/admin/users/:id: name, e-mail and the admin flag. */
export function updateUser({ id, body }: { id: string; body: UserBody }) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, adminUser, { method: 'PUT', body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
