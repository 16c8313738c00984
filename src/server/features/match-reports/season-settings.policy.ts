import type { Viewer } from '@shared/rules';

/** The month the club's seasons start in regroups every past match: only an admin sets it. */
export function mayChangeSeasonStart(viewer: Pick<Viewer, 'isAdmin'>): boolean {
  return viewer.isAdmin;
}
