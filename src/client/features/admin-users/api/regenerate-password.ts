import { apiRequest } from '@client/lib/api-client';
import { regeneratedPassword } from '@shared/admin-users';
import { useMutation } from '@tanstack/react-query';

/** POST /api/admin/users/:id/regenerate-password: a new password, shown once; old sessions end. */
export function regeneratePassword(id: string) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}/regenerate-password`, regeneratedPassword, {
    method: 'POST',
  });
}

export function useRegeneratePassword() {
  return useMutation({ mutationFn: regeneratePassword });
}
