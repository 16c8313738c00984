import { browserStorage } from '@client/lib/storage';

/**
 * Whether to offer a fan notifications after their vote: the browser can take them (a service worker and
 * PushManager; on an iPhone only once the site is on the Home Screen) and the fan has not answered the
 * offer on this device (pushOfferKey, written by answerOffer in api/push-api.ts). Part
 * of the first load, so it stays this small: the card itself is fetched only when this says yes, and
 * stays away where notifications are blocked or already on (it asks the browser).
 */
export function mayOfferPush(userId: string): boolean {
  const storage = browserStorage();
  return (
    storage !== null &&
    'PushManager' in window &&
    'serviceWorker' in navigator &&
    !storage.getItem(pushOfferKey(userId))
  );
}

/** Where the offer is marked answered on this device, per fan. */
export const pushOfferKey = (userId: string) => `matchday_push_offer:${userId}`;
