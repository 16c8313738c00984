import type { UserRow } from '../../db/schema';

/** A user may change their own record; admins may read anyone's (operations.md). */
export function canWriteUser(actor: UserRow, userId: string): boolean {
  return actor.id === userId;
}

export function canReadUser(actor: UserRow, userId: string): boolean {
  return actor.id === userId || actor.isAdmin;
}
