import { callEndpoint } from '@client/lib/api-client';
import { adminUsersApi } from '@shared/admin-users';
import { useMutation } from '@tanstack/react-query';

/** POST /api/admin/users/:id/regenerate-password: a new password, shown once; old sessions end. */
export function regeneratePassword(id: string) {
  return callEndpoint(adminUsersApi.regeneratePassword, { params: { id } });
}

export function useRegeneratePassword() {
  return useMutation({ mutationFn: regeneratePassword });
}
