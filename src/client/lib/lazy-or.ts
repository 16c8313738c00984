import { type ComponentType, lazy } from 'react';

const Nothing = () => null;

/**
 * A lazy component that renders `fallback` (by default nothing) when its code cannot be fetched, as
 * when a screen first needs it offline, instead of taking the whole page down with the failed import.
 */
export function lazyOr<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentType<P> = Nothing,
) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}
