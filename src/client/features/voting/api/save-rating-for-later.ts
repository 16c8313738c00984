import type { RatingBody } from '@shared/ratings';
import { offlineQueue } from '../offline/offline-queue';

/**
 * A rating the server could not take because the network or the server
 * failed is kept in the offline store and sent again when the connection returns. It shows at once
 * as the fan's choice, marked as waiting (the store keeps it in memory before writing it to disk).
 */
export function saveRatingForLater(payload: RatingBody): void {
  offlineQueue.save(payload);
}
