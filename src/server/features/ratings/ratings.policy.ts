import type { UserRow } from '../../db/schema';

/** Ratings and votes are written only as yourself, and only after consent (operations.md). */
export function isSelf(user: UserRow, userId: string): boolean {
  return user.id === userId;
}

export function hasConsented(user: UserRow): boolean {
  return user.consentGiven;
}
