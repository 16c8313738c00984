import { isSelf, isSelfOrAdmin } from '@shared/rules';
import type { UserRow } from '../../db/schema';

/** A fan downloads their own data; an admin may read anyone's. */
export function canExportAccount(actor: Pick<UserRow, 'id' | 'isAdmin'>, userId: string): boolean {
  return isSelfOrAdmin(actor, userId);
}

/**
 * Only the fan deletes their own account here; an admin removing someone else uses User Management,
 * which keeps that action in the admin's audit-visible place.
 */
export function canDeleteAccount(actor: Pick<UserRow, 'id'>, userId: string): boolean {
  return isSelf(actor, userId);
}
