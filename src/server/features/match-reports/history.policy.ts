import { isSelfOrAdmin, type Viewer } from '@shared/rules';

/** A fan reads their own history; an admin may read anyone's. */
export function canReadHistory(viewer: Viewer, userId: string): boolean {
  return isSelfOrAdmin(viewer, userId);
}
