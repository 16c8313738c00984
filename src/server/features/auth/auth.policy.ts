import { isSelf } from '@shared/rules';
import type { UserRow } from '../../db/schema';

/** A user changes only their own record (consent); admins manage others through User Management. */
export function canWriteUser(actor: UserRow, userId: string): boolean {
  return isSelf(actor, userId);
}
