/**
 * What the service worker does with a push and with a tap on its notification, as plain functions (the
 * worker in sw.ts only wires them to its events). The server sends `{ title, body, url, tag }` already in
 * the fan's language (pushPayload in src/shared/push.ts); zod stays out of the worker, so the shape is
 * checked by hand here.
 */

/** The club's icon, drawn by the server from its branding (GET /icons/:file). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** A push we cannot read still shows one notification (Chrome asks it of userVisibleOnly), replaced by the next. */
export const FALLBACK_TAG = 'matchday';

const TITLE_MAX = 200;
const BODY_MAX = 400;
const TAG_MAX = 64;

export interface PushNotice {
  title: string;
  body: string;
  /** A same-origin path. */
  url: string;
  tag: string;
}

export interface NotificationPlan {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The push's payload when it is one the server sends, else null (no data, not JSON, no title, a field
 * of the wrong type or too long). A missing or odd `url` opens the home screen.
 */
export function readPushPayload(text: string | null | undefined): PushNotice | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { title, body, url, tag } = value;
  if (typeof title !== 'string' || title.trim() === '' || title.length > TITLE_MAX) return null;
  if (body !== undefined && (typeof body !== 'string' || body.length > BODY_MAX)) return null;
  if (tag !== undefined && (typeof tag !== 'string' || tag.length > TAG_MAX)) return null;
  // Where a tap leads is checked again when it happens (targetUrl): a path, or the home screen.
  const path = typeof url === 'string' && url.startsWith('/') ? url : '/';
  return { title, body: body ?? '', url: path, tag: tag || FALLBACK_TAG };
}

/**
 * The notification to show for a push's text. One that cannot be read shows the site's name (the
 * worker's host) and opens the home screen: never the push's own words.
 */
export function notificationFor(text: string | null | undefined, siteName: string): NotificationPlan {
  const notice = readPushPayload(text);
  const options = { icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON };
  if (!notice) return { title: siteName, options: { ...options, tag: FALLBACK_TAG, data: { url: '/' } } };
  return {
    title: notice.title,
    options: { ...options, body: notice.body, tag: notice.tag, data: { url: notice.url } },
  };
}

/**
 * The page a tapped notification opens, as an absolute URL: its `url` when that is a path on our own
 * origin, else the home screen. `//elsewhere`, `/\elsewhere`, `https://…` and anything unreadable never
 * leave the site.
 */
export function targetUrl(url: unknown, origin: string): string {
  const home = new URL('/', origin).href;
  if (typeof url !== 'string' || !url.startsWith('/')) return home;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === new URL(origin).origin ? resolved.href : home;
  } catch {
    return home;
  }
}

/** The notification's `data.url`, whatever the notification holds. */
export function urlOfData(data: unknown): unknown {
  return isRecord(data) ? data.url : undefined;
}

export interface WindowFacts {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
}

/**
 * Which of our open windows a tap should bring forward: the focused one, else a visible one, else the
 * first; only windows on our origin. Undefined when none is open (a new window opens instead).
 */
export function chooseWindow<W extends WindowFacts>(windows: readonly W[], origin: string): W | undefined {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === new URL(origin).origin;
    } catch {
      return false;
    }
  });
  return (
    ours.find((w) => w.focused) ?? ours.find((w) => w.visibilityState === 'visible') ?? ours[0] ?? undefined
  );
}

/** Whether a window already shows the page (same path and query): it is brought forward, not reloaded. */
export function showsPage(windowUrl: string, target: string): boolean {
  try {
    const a = new URL(windowUrl);
    const b = new URL(target);
    return a.origin === b.origin && a.pathname === b.pathname && a.search === b.search;
  } catch {
    return false;
  }
}
