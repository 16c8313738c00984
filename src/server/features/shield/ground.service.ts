import type { GroundRules } from '@shared/shield';
import type { VoteLocation } from '@shared/votes';

const EARTH_RADIUS_METRES = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in metres (haversine: within 0.5 % at any range). */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether a vote was cast at the ground, from a position its fan consented to share: null when it cannot
 * be said (no ground is set, or a fix as loose as the ground is wide, which could be anywhere around it).
 */
export function groundMark(location: VoteLocation, ground: GroundRules): boolean | null {
  if (!ground.enabled) return null;
  if (location.accuracy > ground.radiusMetres) return null;
  return distanceMetres(location, ground) <= ground.radiusMetres;
}
