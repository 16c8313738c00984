import type { UserRow } from '../../db/schema';

/**
 * The simulation routes create accounts and read every fan's ratings: admins only. The simulator signs
 * in as the admin anyway to run the match, so no separate secret is configured (or leaked).
 */
export function mayRunSimulation(user: UserRow): boolean {
  return user.isAdmin;
}
