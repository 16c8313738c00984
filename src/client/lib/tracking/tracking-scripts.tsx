import { lazy, Suspense } from 'react';
import { useAuth } from '../auth/auth-context';
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
 * The tracking-script loader of reads the admin's tag ids at start and hands them
 * to the tag loader, but only once a signed-in fan has given consent (privacy policy section 4): a
 * signed-out visitor, or a fan still answering the prompt, gets no tag and no Google request at all.
 * Saving new ids in the admin refetches the query and runs it again. Renders nothing.
 */
export function TrackingScripts() {
  const { user } = useAuth();
  const { data } = useTrackingScripts();
  const gtm = data?.gtmContainerId ?? null;
  const ga4 = data?.ga4MeasurementId ?? null;
  if (user?.consentGiven !== true) return null;
  if (!gtm && !ga4) return null;
  return (
    <Suspense fallback={null}>
      <TagScripts gtm={gtm} ga4={ga4} />
    </Suspense>
  );
}
