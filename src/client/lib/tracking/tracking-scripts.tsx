import { lazy, Suspense } from 'react';
import { useTrackingScripts } from './get-tracking-scripts';

function NoTags() {
  return null;
}

// Most clubs set no tags: the loader (tag-scripts.tsx, with google-tags) is fetched only when the admin's
// answer holds an id. A chunk that cannot load only means no analytics, never an error for the fan.
const TagScripts = lazy(() =>
  import('./tag-scripts').then(
    (module) => ({ default: module.TagScripts }),
    (error: unknown) => {
      console.warn('Tracking scripts could not load', error);
      return { default: NoTags };
    },
  ),
);

/**
 * The tracking-script loader of product.md point 7: reads the admin's tag ids at start and hands them
 * to the tag loader. Saving new ids in the admin refetches the query and runs it again. Renders nothing.
 */
export function TrackingScripts() {
  const { data } = useTrackingScripts();
  const gtm = data?.gtmContainerId ?? null;
  const ga4 = data?.ga4MeasurementId ?? null;
  if (!gtm && !ga4) return null;
  return (
    <Suspense fallback={null}>
      <TagScripts gtm={gtm} ga4={ga4} />
    </Suspense>
  );
}
