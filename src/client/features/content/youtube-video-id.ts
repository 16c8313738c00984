/** A YouTube video id is 11 characters of letters, digits, '-' and '_'. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** Path forms that carry the id as the segment after them: /embed/ID, /shorts/ID, /live/ID, /v/ID, /e/ID. */
const ID_PATH_PREFIXES = new Set(['embed', 'shorts', 'live', 'v', 'e']);

function isYouTubeHost(host: string): boolean {
  return (
    host === 'youtube.com' ||
    host.endsWith('.youtube.com') ||
    host === 'youtube-nocookie.com' ||
    host.endsWith('.youtube-nocookie.com')
  );
}

function valid(candidate: string | null | undefined): string | null {
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/**
 * The 11-character video id of a YouTube link in any usual form (watch?v=, youtu.be/, embed/, shorts/,
 * live/, with or without scheme or "www."), or a bare id. Anything else, including other sites and ids of
 * the wrong length, gives null.
 */
export function youtubeVideoId(input: string | null | undefined): string | null {
  const text = input?.trim();
  if (!text) return null;
  if (VIDEO_ID.test(text)) return text;

  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;

  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  if (host === 'youtu.be' || host === 'www.youtu.be') return valid(segments[0]);
  if (!isYouTubeHost(host)) return null;

  if (segments[0] === 'watch' || segments.length === 0) return valid(url.searchParams.get('v'));
  if (segments[0] && ID_PATH_PREFIXES.has(segments[0])) return valid(segments[1]);
  return null;
}

/** The canonical page of a video, for the external link. */
export function youtubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

/** The privacy-enhanced player (no cookies until the fan plays), starting at once. */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`;
}

/** Thumbnails, best first: maxresdefault is missing for some videos, hqdefault always exists. */
export function youtubeThumbnailUrls(videoId: string): readonly [string, string] {
  return [
    `https://i.ytimg.com/vi/${videoId}/maxresdefault.jpg`,
    `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
  ];
}
