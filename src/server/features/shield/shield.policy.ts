import type { Viewer } from '@shared/rules';

/** The shield's rules and its verdicts decide what the club publishes: only an admin reads or changes them. */
export function mayReviewBallots(viewer: Pick<Viewer, 'isAdmin'>): boolean {
  return viewer.isAdmin;
}
