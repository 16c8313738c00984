interface DataLayerWindow {
  dataLayer?: { push: (event: Record<string, unknown>) => unknown };
}

/**
 * The page-analytics event of a rating. The tag manager's dataLayer exists only when an
 * admin configured tracking, so its absence (or a broken one) is never an error for the fan.
 */
export function trackPlayerRating(rating: number): void {
  try {
    (window as unknown as DataLayerWindow).dataLayer?.push({ event: 'player_rating', rating });
  } catch (error) {
    console.warn('Analytics event failed', error);
  }
}
