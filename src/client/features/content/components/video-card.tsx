import { useSocialMedia } from '@client/lib/branding/get-social-media';
import { lazy, Suspense } from 'react';

// Only a club that set a video shows one: the player's code, and the link's parsing with it, is fetched
// then, not on first load.
const LinkedVideo = lazy(() => import('./video-player').then((module) => ({ default: module.LinkedVideo })));

/** The configured YouTube video, or nothing without an 11-character id. */
export function VideoCard() {
  const { data } = useSocialMedia();
  const link = data?.youtubeVideo?.trim();
  if (!link) return null;
  return (
    <Suspense fallback={null}>
      <LinkedVideo link={link} />
    </Suspense>
  );
}
