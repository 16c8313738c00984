import type { UserRow } from '../../db/schema';

/** Keys open the club's data to other businesses: only an admin issues, sees or revokes them. */
export function mayManageApiKeys(user: Pick<UserRow, 'isAdmin'>): boolean {
  return user.isAdmin;
}
