import type { Viewer } from '@shared/rules';

/** What the club's public history holds is the club's call: only an admin hides or shows a match. */
export function mayHideMatches(viewer: Pick<Viewer, 'isAdmin'>): boolean {
  return viewer.isAdmin;
}

/** An admin still lists the matches hidden from the history (to show one again); nobody else does. */
export function seesHiddenMatches(viewer: Pick<Viewer, 'isAdmin'>): boolean {
  return viewer.isAdmin;
}
