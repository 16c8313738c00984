import type { UserRow } from '../../db/schema';

/**
 * Would this change leave the product without an admin? `nextIsAdmin` is the flag the user keeps
 * (false when the account is deleted); `adminCount` counts the admins as they are now.
 */
export function removesLastAdmin(
  target: Pick<UserRow, 'isAdmin'>,
  nextIsAdmin: boolean,
  adminCount: number,
): boolean {
  return target.isAdmin && !nextIsAdmin && adminCount <= 1;
}
