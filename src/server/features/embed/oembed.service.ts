import { EMBED_ERRORS, type OembedAnswer } from '@shared/embed';
import { WIDGETS } from '@shared/embed-widgets';
import { isLocale, type Locale } from '@shared/i18n/locales';
import { clubScore, type MatchReport } from '@shared/match-reports';
import { notFound } from '../../lib/http-error';
import { escapeXml } from '../../lib/markup';
import { cardText, SHARE_HEIGHT, SHARE_WIDTH } from '../match-reports/share.service';

/** The match widget's usual size: a phone column wide, tall enough for its five players. */
const RICH_WIDTH = 400;
const RICH_HEIGHT = 520;
/** How long a consumer may keep the answer: as the share page itself. */
const CACHE_AGE_S = 60;

/** Our pages of one ended match: the shared page (and its card) and the page's own. */
const MATCH_PATH = /^\/(?:share\/match\/([1-9]\d{0,9})(?:\.png)?|matches\/([1-9]\d{0,9}))$/;

/**
 * The match a pasted address names, and its language, or a 404: only our own origin's match pages are
 * answered, never an address elsewhere (nothing is fetched from it either way).
 */
export function matchOfUrl(url: string, publicUrl: string): { matchId: number; lang: Locale | null } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw notFound(EMBED_ERRORS.notOurs);
  }
  const found = MATCH_PATH.exec(parsed.pathname);
  const id = Number(found?.[1] ?? found?.[2]);
  if (parsed.origin !== new URL(publicUrl).origin || !found || !Number.isSafeInteger(id) || id > 2 ** 31 - 1)
    throw notFound(EMBED_ERRORS.notOurs);
  const lang = parsed.searchParams.get('lang');
  return { matchId: id, lang: isLocale(lang) ? lang : null };
}

/** Within the consumer's bounds, keeping the proportions. */
function fitWithin(width: number, height: number, maxWidth?: number, maxHeight?: number) {
  const scale = Math.min(1, (maxWidth ?? width) / width, (maxHeight ?? height) / height);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

export interface OembedRequest {
  report: MatchReport;
  clubName: string;
  publicUrl: string;
  locale: Locale;
  /** Whether any site may frame the widgets: if none, the frame would be refused, so the card is offered. */
  framable: boolean;
  maxwidth?: number;
  maxheight?: number;
}

/**
 * The oEmbed answer of an ended match: the match widget as a frame (`rich`) when the admin lets sites
 * frame it, else the share card (`photo`), which any consumer can show. The card is the thumbnail either way.
 */
export function oembedOf(request: OembedRequest): OembedAnswer {
  const { report, clubName, locale } = request;
  const { t } = cardText(locale);
  const base = request.publicUrl.replace(/\/$/, '');
  const { match } = report;
  const goals = clubScore(match);
  const title = t('cards.page.title', {
    club: clubName,
    score: `${goals.club}–${goals.opponent}`,
    opponent: match.opponent,
  });
  const card = `${base}/share/match/${match.id}.png?lang=${locale}`;
  const common = {
    version: '1.0' as const,
    title,
    provider_name: clubName,
    provider_url: `${base}/`,
    thumbnail_url: card,
    thumbnail_width: SHARE_WIDTH,
    thumbnail_height: SHARE_HEIGHT,
    cache_age: CACHE_AGE_S,
  };
  if (!request.framable) {
    const size = fitWithin(SHARE_WIDTH, SHARE_HEIGHT, request.maxwidth, request.maxheight);
    return { ...common, type: 'photo', url: card, ...size };
  }
  const size = {
    width: Math.min(RICH_WIDTH, request.maxwidth ?? RICH_WIDTH),
    height: Math.min(RICH_HEIGHT, request.maxheight ?? RICH_HEIGHT),
  };
  const src = `${base}${WIDGETS.match.path}/${match.id}?lang=${locale}`;
  const html = `<iframe src="${escapeXml(src)}" width="${size.width}" height="${size.height}" title="${escapeXml(title)}" loading="lazy" style="border:0;max-width:100%"></iframe>`;
  return { ...common, type: 'rich', html, ...size };
}
