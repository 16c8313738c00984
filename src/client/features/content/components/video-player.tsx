import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { ExternalLink, Play, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { youtubeEmbedUrl, youtubeThumbnailUrls, youtubeVideoId, youtubeWatchUrl } from '../youtube-video-id';

// YouTube answers a missing maxresdefault with a 120x90 grey placeholder rather than always an error.
const PLACEHOLDER_WIDTH = 120;

export function VideoPlayer({ videoId }: { videoId: string }) {
  const headingId = useId();
  const t = useT();
  const company = useCompanyName();
  const thumbnails = youtubeThumbnailUrls(videoId);
  const [playing, setPlaying] = useState(false);
  // 0: maxresdefault, 1: hqdefault, 2: none left (the dark panel with the play button stays).
  const [thumbnail, setThumbnail] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  // Keyboard users land on the player after pressing play, and back on play after closing.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (playing ? frameRef.current : playRef.current)?.focus();
  }, [playing]);

  const toggle = (next: boolean) => {
    moveFocus.current = true;
    setPlaying(next);
  };
  const nextThumbnail = () => setThumbnail((current) => current + 1);
  const thumbnailUrl = thumbnails[thumbnail];
  // Below the two-column layout the video follows the players on a phone: until it plays it is a poster
  // beside its title, not a full-width 16:9 block, so the page before the vote stays short. Only the
  // placement changes: the same heading, poster and link in the same order for screen readers.
  const compact = !playing;

  return (
    <section aria-labelledby={headingId}>
      <Card
        className={cn(
          'overflow-hidden',
          compact &&
            'grid grid-cols-[8.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-0.5 p-2 lg:block lg:p-0',
        )}
      >
        <div
          className={cn(
            'flex items-center justify-between gap-3',
            compact ? 'col-start-2 row-start-1 self-end ps-2 lg:px-5 lg:py-4' : 'px-5 py-4',
          )}
        >
          <h2
            id={headingId}
            className={cn('min-w-0 font-bold tracking-tight', compact ? 'text-base lg:text-lg' : 'text-lg')}
          >
            {t('content.video.title')}
          </h2>
          <Badge
            variant={playing ? 'success' : 'default'}
            className={cn('gap-1.5 px-2.5 py-1 font-bold', compact && 'hidden lg:inline-flex')}
          >
            {playing ? (
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-success" />
            ) : (
              <Play className="fill-current" aria-hidden="true" />
            )}
            {playing ? t('content.video.nowPlaying') : t('content.video.watchOnYouTube')}
          </Badge>
        </div>

        <div
          className={cn(
            'surface-dark relative aspect-video bg-chrome',
            compact && 'col-start-1 row-span-2 row-start-1 overflow-hidden rounded-md lg:rounded-none',
          )}
        >
          {playing ? (
            <iframe
              ref={frameRef}
              src={youtubeEmbedUrl(videoId)}
              title={t('content.video.frameTitle', { company })}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen; web-share"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              className="absolute inset-0 size-full border-0"
            />
          ) : (
            <>
              {thumbnailUrl ? (
                <img
                  key={thumbnailUrl}
                  src={thumbnailUrl}
                  alt={t('content.video.thumbnailAlt', { company })}
                  loading="lazy"
                  decoding="async"
                  onError={nextThumbnail}
                  onLoad={(event) => {
                    if (event.currentTarget.naturalWidth <= PLACEHOLDER_WIDTH) nextThumbnail();
                  }}
                  className="absolute inset-0 size-full object-cover"
                />
              ) : null}
              <div
                aria-hidden="true"
                className="absolute inset-0 bg-[radial-gradient(circle_at_center,rgb(0_0_0/0.05)_0%,rgb(0_0_0/0.45)_100%)]"
              />
              <button
                ref={playRef}
                type="button"
                aria-label={t('content.video.play')}
                onClick={() => toggle(true)}
                className="group absolute inset-0 flex cursor-pointer items-center justify-center focus-visible:outline-4 focus-visible:-outline-offset-4"
              >
                <span className="flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-4 ring-white/25 transition-transform group-hover:scale-105 group-hover:bg-primary-hover lg:size-16">
                  {/* A play symbol is not mirrored right to left, so its optical nudge stays on the physical left. */}
                  <Play className="ml-0.5 size-5 fill-current lg:ml-1 lg:size-7" aria-hidden="true" />
                </span>
              </button>
            </>
          )}
        </div>

        <div
          className={cn(
            'flex items-center justify-between gap-3',
            compact ? 'col-start-2 row-start-2 self-start lg:px-4 lg:py-1.5' : 'px-3 py-1.5 sm:px-4',
          )}
        >
          <a
            href={youtubeWatchUrl(videoId)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-semibold text-primary-text underline-offset-4 hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('content.video.openOnYouTube')}
            <span className="sr-only"> {t('content.video.opensInNewTab')}</span>
          </a>
          {playing ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={t('content.video.closeLabel')}
              onClick={() => toggle(false)}
            >
              <X aria-hidden="true" />
              {t('content.video.close')}
            </Button>
          ) : null}
        </div>
      </Card>
    </section>
  );
}

/** The video of the club's link, or nothing when it holds no 11-character id. */
export function LinkedVideo({ link }: { link: string }) {
  const videoId = youtubeVideoId(link);
  // A new video starts over: thumbnail, not playing.
  return videoId ? <VideoPlayer key={videoId} videoId={videoId} /> : null;
}
