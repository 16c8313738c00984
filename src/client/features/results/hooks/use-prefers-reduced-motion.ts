import { REDUCED_MOTION_QUERY, useMediaQuery } from '@client/lib/use-media-query';

/** True while the fan asks the system for less motion; follows changes to the setting live. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY, true);
}
