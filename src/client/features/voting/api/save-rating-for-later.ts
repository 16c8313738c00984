import type { RatingBody } from '@shared/ratings';

/**
 * Hook point for the offline store (product.md points 3 and 4): a rating the server could not take
 * because the network or the server failed is kept here and sent again when the connection returns.
 * A later issue stores it in the local browser database; for now it is only logged.
 */
export function saveRatingForLater(payload: RatingBody): void {
  console.warn('Rating not sent; it will be kept for a later sync once offline storage exists', payload);
}
