import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { ClubColours } from '@shared/club-colours';
import { CARD_ACCENT, clubPalette } from '@shared/club-palette';
import { competitionRanks } from '@shared/competition-ranks';
import { SERVER_ERRORS } from '@shared/error-messages';
import { DEFAULT_LOCALE, directionOf, intlTag, type Locale } from '@shared/i18n/locales';
import type { Values } from '@shared/i18n/translator';
import { clubScore, type MatchReport } from '@shared/match-reports';
import sharp from 'sharp';
import { serviceUnavailable } from '../../lib/http-error';
import { translator } from '../../lib/i18n';
import { escapeXml } from '../../lib/markup';
import { TtlCache } from '../../lib/ttl-cache';
import { createWorkPool, type WorkPool } from '../../lib/work-pool';

/** The size social networks show a large link card at. */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** What an admin or a squad list typed is text on a card or the share page, never markup. */
export const FONT = `font-family="'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"`;
/** The cards' headings and figures: the palette keeps the card's colours dark enough for them. */
export const ACCENT = CARD_ACCENT;

/** Long names are cut with an ellipsis rather than run off the card. */
export const clip = (text: string, max: number) =>
  [...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text;

/** What a card says, in the language it is drawn in: its messages, figures, day and capitals. */
export interface CardText {
  locale: Locale;
  t: (id: string, values?: Values) => string;
  /** A count: '1,234' (en), '1 234' (fr). */
  count: (value: number) => string;
  /** An average or a share to one decimal: '7.5' (en), '7,5' (fr). */
  oneDecimal: (value: number) => string;
  /** YYYY-MM-DD as a long date: '18 October 2025' (en-GB), '18 octobre 2025'. */
  day: (isoDay: string) => string;
  caps: (text: string) => string;
  /**
   * Text as it goes into the card's SVG, escaped. The card is laid out left to right in every language;
   * a right-to-left language's line is isolated as right to left, so its words and figures read in order.
   */
  line: (text: string) => string;
  /** A piece of a line (a tournament's name, a date) kept whole, in its own direction, in any language. */
  piece: (text: string) => string;
  /** The letter-spacing attribute of a heading; none for a script whose letters join (Arabic). */
  spacing: (pixels: number) => string;
}

const cardTexts = new Map<Locale, CardText>();

export function cardText(locale: Locale): CardText {
  let text = cardTexts.get(locale);
  if (!text) {
    const i18n = translator(locale);
    const tag = intlTag(locale);
    const rtl = directionOf(locale) === 'rtl';
    const counts = new Intl.NumberFormat(tag);
    const decimals = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    // English reads the club's own way (day, month, year), as the page's match days do.
    const days = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : tag, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    text = {
      locale,
      t: (id, values) => i18n._(id, values),
      count: (value) => counts.format(value),
      oneDecimal: (value) => decimals.format(value),
      day: (isoDay) => days.format(new Date(`${isoDay}T12:00:00Z`)),
      caps: (value) => value.toLocaleUpperCase(locale),
      line: (value) => escapeXml(rtl ? `\u2067${value}\u2069` : value),
      piece: (value) => (rtl ? `\u2068${value}\u2069` : value),
      spacing: (pixels) => (rtl ? '' : `letter-spacing="${pixels}"`),
    };
    cardTexts.set(locale, text);
  }
  return text;
}

/**
 * The result card as SVG, in the given language: club and opponent, score, date, the fans' Man of the
 * Match and top three.
 */
export function shareCardSvg(
  report: MatchReport,
  clubName: string,
  colours: ClubColours,
  text: CardText = cardText(DEFAULT_LOCALE),
): string {
  const { t } = text;
  const { match, motm } = report;
  const { accentInk } = clubPalette(colours).card;
  const top = report.players.slice(0, 3);
  // Equal averages share a rank, as on every screen.
  const ranks = competitionRanks(top.map((p) => p.averageRating));
  const rows = top
    .map(
      (p, i) => `
    <g transform="translate(640 ${300 + i * 86})">
      <circle cx="32" cy="0" r="28" fill="${i === 0 ? ACCENT : 'rgba(255,255,255,0.14)'}"/>
      <text x="32" y="11" text-anchor="middle" ${FONT} font-weight="700" font-size="30" fill="${i === 0 ? accentInk : '#ffffff'}">${ranks[i] ?? i + 1}</text>
      <text x="80" y="10" ${FONT} font-weight="700" font-size="28" fill="#ffffff">${escapeXml(clip(p.name, 18))}</text>
      <text x="500" y="11" text-anchor="end" ${FONT} font-weight="700" font-size="36" fill="${ACCENT}">${text.oneDecimal(p.averageRating)}</text>
    </g>`,
    )
    .join('');
  const motmBlock = motm
    ? `<text x="64" y="470" ${FONT} font-weight="700" font-size="24" fill="${ACCENT}" ${text.spacing(3)}>${text.line(clip(text.caps(t('cards.share.motmHeading')), 28))}</text>
    <text x="64" y="522" ${FONT} font-weight="700" font-size="44" fill="#ffffff">${escapeXml(clip(motm.player.name, 22))}</text>
    <text x="64" y="566" ${FONT} font-size="28" fill="rgba(255,255,255,0.8)">${text.line(t('cards.share.motmShare', { percentage: text.oneDecimal(motm.percentage), joint: motm.tiedWith.length ? 'yes' : 'no' }))}</text>`
    : `<text x="64" y="522" ${FONT} font-size="30" fill="rgba(255,255,255,0.8)">${text.line(t('cards.share.noMotm'))}</text>`;
  const kicker = `${clip(text.caps(clubName), 40)} · ${text.caps(t('cards.share.fanRatings'))}`;
  const title = t('cards.share.title', { club: clubName, opponent: match.opponent });
  // The title names the club first, so the score does too, wherever it played.
  const goals = clubScore(match);
  const footer = t('cards.share.footer', {
    raters: report.raters,
    ratings: report.totalRatings,
    heldBack: report.heldBack,
  });
  return cardSvg(
    colours,
    `<text x="64" y="92" ${FONT} font-weight="700" font-size="26" fill="${ACCENT}" ${text.spacing(3)}>${text.line(kicker)}</text>
  <text x="64" y="160" ${FONT} font-weight="700" font-size="46" fill="#ffffff">${text.line(clip(title, 34))}</text>
  <text x="64" y="212" ${FONT} font-size="28" fill="rgba(255,255,255,0.8)">${text.line(`${text.piece(match.tournament)} · ${text.piece(text.day(match.playedOn))}`)}</text>
  <text x="64" y="380" ${FONT} font-weight="800" font-size="150" fill="#ffffff">${goals.club}–${goals.opponent}</text>
  ${motmBlock}
  <text x="640" y="250" ${FONT} font-weight="700" font-size="24" fill="${ACCENT}" ${text.spacing(3)}>${text.line(clip(text.caps(t('cards.share.topRated')), 24))}</text>
  ${rows}
  <text x="1136" y="598" text-anchor="end" ${FONT} font-size="22" fill="rgba(255,255,255,0.7)">${text.line(footer)}</text>`,
  );
}

/**
 * A 1200x630 card: a gradient through the club's colours, each end as dark as the cards' text needs,
 * a stripe of the primary across the top, `content` on them.
 */
export function cardSvg(colours: ClubColours, content: string): string {
  const { card, club } = clubPalette(colours);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${card.start}"/>
      <stop offset="1" stop-color="${card.end}"/>
    </linearGradient>
  </defs>
  <rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#bg)"/>
  <rect x="0" y="0" width="${SHARE_WIDTH}" height="10" fill="${club.primary}"/>
  ${content}
</svg>`;
}

/**
 * Drawings at once, and waiting, for every card of this instance: a drawing is ~50 ms of a core, so a
 * crowd asking at full time waits its turn, and one past the queue is told to come back, instead of
 * taking every other fan's answers with it.
 */
export const CARD_DRAWS_AT_ONCE = Math.max(1, availableParallelism() - 1);
export const CARD_DRAWS_WAITING = 64;
const CARD_RETRY_AFTER_S = 5;

export function createCardDrawing(concurrency = CARD_DRAWS_AT_ONCE, waiting = CARD_DRAWS_WAITING): WorkPool {
  return createWorkPool(concurrency, waiting, () =>
    serviceUnavailable(SERVER_ERRORS.unavailable, { retryAfterS: CARD_RETRY_AFTER_S }),
  );
}

/** Cards as PNG, each drawn once per key while it is kept; a failed drawing is not kept. */
export class CardImages {
  private readonly cache: TtlCache<string, Promise<Buffer>>;

  constructor(
    private readonly drawing: WorkPool,
    kept = 100,
  ) {
    this.cache = new TtlCache<string, Promise<Buffer>>({ ttlMs: 60 * 60_000, max: kept });
  }

  /** The drawing kept under `key`, if any: asked before reading what a new drawing needs. */
  kept(key: string): Promise<Buffer> | undefined {
    return this.cache.get(key);
  }

  draw(key: string, svg: () => string): Promise<Buffer> {
    const kept = this.cache.get(key);
    if (kept) return kept;
    const drawn = this.drawing.run(() => sharp(Buffer.from(svg())).png({ compressionLevel: 9 }).toBuffer());
    // A failed or refused drawing is not kept: the next request tries again.
    drawn.catch(() => this.cache.delete(key));
    this.cache.set(key, drawn);
    return drawn;
  }
}

/**
 * What names one drawing of a report's card: the report's version, the language, the club's name and its
 * colours, and for a fan's own card the fan. A digest, so no key names a fan.
 */
export function drawingVersion(
  report: MatchReport,
  clubName: string,
  colours: ClubColours,
  locale: Locale,
  fan?: string,
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        report.match.id,
        report.computedAt,
        locale,
        clubName,
        colours.primary,
        colours.secondary,
        ...(fan === undefined ? [] : [fan]),
      ]),
    )
    .digest('base64url')
    .slice(0, 22);
}

/** Result cards, drawn once per version of a report and language (a correction draws a new one). */
export class ShareCards {
  private readonly images: CardImages;

  constructor(drawing: WorkPool) {
    this.images = new CardImages(drawing);
  }

  /** The card's ETag: the name of its drawing. */
  version(report: MatchReport, clubName: string, colours: ClubColours, locale: Locale): string {
    return drawingVersion(report, clubName, colours, locale);
  }

  image(report: MatchReport, clubName: string, colours: ClubColours, locale: Locale): Promise<Buffer> {
    return this.images.draw(this.version(report, clubName, colours, locale), () =>
      shareCardSvg(report, clubName, colours, cardText(locale)),
    );
  }
}
