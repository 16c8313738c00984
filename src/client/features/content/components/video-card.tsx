import { useSocialMedia } from '@client/lib/branding/get-social-media';
import { lazy, Suspense } from 'react';
import { youtubeVideoId } from '../youtube-video-id';

// Only a club that set a video shows one: the player's code is fetched then, not on first load.
const VideoPlayer = lazy(() => import('./video-player').then((module) => ({ default: module.VideoPlayer })));

/** product.md 'Video card': the configured YouTube video, or nothing without an 11-character id. */
export function VideoCard() {
  const { data } = useSocialMedia();
  const videoId = youtubeVideoId(data?.youtubeVideo);
  if (!videoId) return null;
  // A new link starts over: thumbnail, not playing.
  return (
    <Suspense fallback={null}>
      <VideoPlayer key={videoId} videoId={videoId} />
    </Suspense>
  );
}
