import type { ClubColours } from '@shared/club-colours';
import { clubPalette } from '@shared/club-palette';
import { DEFAULT_LOCALE, type Locale } from '@shared/i18n/locales';
import { type MatchReport, MY_RATINGS_CARD_ERRORS } from '@shared/match-reports';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ratings, userVotes } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { WorkPool } from '../../lib/work-pool';
import { readMatchReport } from './match-reports.service';
import {
  ACCENT,
  CardImages,
  type CardText,
  cardSvg,
  cardText,
  clip,
  drawingVersion,
  escapeXml,
  FONT,
} from './share.service';

/** The most rows a card holds: two columns of eight at most. */
export const MY_CARD_ROWS = 15;

/** One fan's ratings of one ended match, beside the crowd's. Nothing in it says who the fan is. */
export interface MyRatingsCard {
  match: MatchReport['match'];
  /** The fan's ratings, their highest first (level ones: the crowd's higher, then by name). */
  ratings: { playerId: number; name: string; myRating: number; crowdAverage: number }[];
  /** The fan's Man of the Match pick, if they gave one. */
  myMotm: { id: number; name: string } | null;
  /** Fans who rated the match: the crowd behind the averages. */
  raters: number;
}

/**
 * The caller's own card of an ended match, from its kept report and their own ratings and vote only.
 * 404 while the match is live or not started, and when they rated nobody in it.
 */
export async function readMyRatingsCard(
  db: Database,
  userId: string,
  matchId: number,
): Promise<MyRatingsCard> {
  return myRatingsCardOf(db, userId, await readMatchReport(db, matchId));
}

/** The caller's card against a report already read. */
async function myRatingsCardOf(db: Database, userId: string, report: MatchReport): Promise<MyRatingsCard> {
  const matchId = report.match.id;
  const where = (t: typeof ratings | typeof userVotes) => and(eq(t.userId, userId), eq(t.matchId, matchId));
  const mine = await db
    .select({ playerId: ratings.playerId, rating: ratings.rating })
    .from(ratings)
    .where(where(ratings));
  const [vote] = await db.select({ pick: userVotes.motmPlayerId }).from(userVotes).where(where(userVotes));
  const crowd = new Map(report.players.map((p) => [p.id, p]));
  const rows = mine.flatMap(({ playerId, rating }) => {
    const player = crowd.get(playerId);
    return player
      ? [{ playerId, name: player.name, myRating: rating, crowdAverage: player.averageRating }]
      : [];
  });
  if (rows.length === 0) throw notFound(MY_RATINGS_CARD_ERRORS.notRated);
  rows.sort(
    (a, b) => b.myRating - a.myRating || b.crowdAverage - a.crowdAverage || a.name.localeCompare(b.name),
  );
  const pick = vote?.pick == null ? undefined : crowd.get(vote.pick);
  return {
    match: report.match,
    ratings: rows,
    myMotm: pick ? { id: pick.id, name: pick.name } : null,
    raters: report.raters,
  };
}

/** A five-pointed star of radius r around (cx, cy): the Man of the Match mark, drawn rather than typed. */
function star(cx: number, cy: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

const MUTED = 'rgba(255,255,255,0.78)';
const PANEL = { x: 48, y: 196, width: 1104, height: 364, pad: 28 };
/** Below the column headings, the rows share what is left of the panel. */
const ROWS_TOP = PANEL.y + 62;
const ROWS_BOTTOM = PANEL.y + PANEL.height - 14;

/**
 * The fan's card as SVG, in the given language: the club, "My ratings", the opponent, score and date,
 * each player they rated with their rating and the crowd's average beside it (one column up to 7 rows,
 * else two), and their Man of the Match pick. No name, e-mail or id of the fan: the card may go anywhere.
 */
export function myRatingsCardSvg(
  card: MyRatingsCard,
  clubName: string,
  colours: ClubColours,
  text: CardText = cardText(DEFAULT_LOCALE),
): string {
  const { t } = text;
  const { match } = card;
  const { accentInk } = clubPalette(colours).card;
  const shown = card.ratings.slice(0, MY_CARD_ROWS);
  const columns = shown.length > 7 ? 2 : 1;
  const perColumn = Math.ceil(shown.length / columns);
  const rowHeight = Math.min(64, Math.floor((ROWS_BOTTOM - ROWS_TOP) / perColumn));
  const fontSize = Math.min(30, Math.round(rowHeight * 0.62));
  // A few rows: the panel ends below the last of them.
  const panelHeight = Math.min(PANEL.height, ROWS_TOP - PANEL.y + perColumn * rowHeight + 14);
  const gap = 56;
  const inner = PANEL.width - 2 * PANEL.pad;
  const width = columns === 2 ? (inner - gap) / 2 : inner;
  const pillWidth = Math.round(fontSize * 2.3);
  const pillHeight = Math.min(rowHeight - 8, fontSize + 12);

  const column = (c: number) => {
    const x = PANEL.x + PANEL.pad + c * (width + gap);
    const meX = x + width - 120;
    const rows = shown.slice(c * perColumn, (c + 1) * perColumn);
    const heading = `<text x="${x}" y="${ROWS_TOP - 18}" ${FONT} font-weight="700" font-size="18" fill="${ACCENT}" ${text.spacing(2)}>${text.line(text.caps(t('cards.mine.player')))}</text>
    <text x="${meX}" y="${ROWS_TOP - 18}" text-anchor="middle" ${FONT} font-weight="700" font-size="18" fill="${ACCENT}" ${text.spacing(2)}>${text.line(text.caps(t('cards.mine.me')))}</text>
    <text x="${x + width}" y="${ROWS_TOP - 18}" text-anchor="end" ${FONT} font-weight="700" font-size="18" fill="${ACCENT}" ${text.spacing(2)}>${text.line(text.caps(t('cards.mine.fans')))}</text>`;
    const lines = rows.map((r, i) => {
      const isMotm = r.playerId === card.myMotm?.id;
      // The name runs up to the rating (to the star before it), at the bold font's widest letters.
      const nameChars = Math.floor((meX - pillWidth / 2 - (isMotm ? 44 : 14) - x) / (fontSize * 0.64));
      const top = ROWS_TOP + i * rowHeight;
      const middle = top + rowHeight / 2;
      const baseline = (middle + fontSize * 0.36).toFixed(1);
      return `${i % 2 === 0 ? `<rect x="${x - 14}" y="${top + 2}" width="${width + 28}" height="${rowHeight - 4}" rx="10" fill="rgba(255,255,255,0.07)"/>` : ''}
    <text x="${x}" y="${baseline}" ${FONT} font-weight="600" font-size="${fontSize}" fill="#ffffff">${escapeXml(clip(r.name, nameChars))}</text>
    ${isMotm ? star(meX - pillWidth / 2 - 20, middle, fontSize * 0.48, ACCENT) : ''}
    <rect x="${meX - pillWidth / 2}" y="${(middle - pillHeight / 2).toFixed(1)}" width="${pillWidth}" height="${pillHeight}" rx="${pillHeight / 2}" fill="${ACCENT}"/>
    <text x="${meX}" y="${baseline}" text-anchor="middle" ${FONT} font-weight="800" font-size="${fontSize}" fill="${accentInk}">${r.myRating}</text>
    <text x="${x + width}" y="${baseline}" text-anchor="end" ${FONT} font-weight="600" font-size="${fontSize}" fill="${MUTED}">${text.oneDecimal(r.crowdAverage)}</text>`;
    });
    return [heading, ...lines].join('\n    ');
  };

  const motm = card.myMotm
    ? `${star(80, 597, 15, ACCENT)}
  <text x="106" y="605" ${FONT} font-weight="700"><tspan font-size="20" fill="${ACCENT}" ${text.spacing(2)}>${text.line(text.caps(t('cards.mine.myMotm')))}</tspan><tspan dx="16" font-size="26" fill="#ffffff">${escapeXml(clip(card.myMotm.name, 24))}</tspan></text>`
    : `<text x="64" y="605" ${FONT} font-size="22" fill="${MUTED}">${text.line(t('cards.mine.noMotm'))}</text>`;
  const more = card.ratings.length - shown.length;
  const crowd = [
    t('cards.mine.crowd', { raters: card.raters }),
    more > 0 ? t('cards.mine.more', { count: more }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const kicker = `${clip(text.caps(clubName), 40)} · ${text.caps(t('cards.mine.myRatings'))}`;

  return cardSvg(
    colours,
    `<text x="64" y="74" ${FONT} font-weight="700" font-size="24" fill="${ACCENT}" ${text.spacing(3)}>${text.line(kicker)}</text>
  <text x="64" y="132" ${FONT} font-weight="700" font-size="42" fill="#ffffff">${text.line(clip(t('cards.mine.versus', { opponent: match.opponent }), 30))}</text>
  <text x="64" y="172" ${FONT} font-size="24" fill="${MUTED}">${text.line(`${text.piece(clip(match.tournament, 36))} · ${text.piece(text.day(match.playedOn))}`)}</text>
  <text x="1136" y="164" text-anchor="end" ${FONT} font-weight="800" font-size="104" fill="#ffffff">${match.homeScore}–${match.awayScore}</text>
  <rect x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.width}" height="${panelHeight}" rx="22" fill="rgba(0,0,0,0.34)"/>
  ${Array.from({ length: columns }, (_, c) => column(c)).join('\n    ')}
  ${motm}
  <text x="1136" y="605" text-anchor="end" ${FONT} font-size="20" fill="${MUTED}">${text.line(crowd)}</text>`,
  );
}

/** A fan's asks for their cards, per minute and instance: saving and sharing take a few. */
export const MY_CARD_RATE = { max: 10, timeWindow: 60_000 };

/** Fans' cards kept drawn: ~1,000 fans asking again at full time, tens of MB of PNG. */
export const MY_CARDS_KEPT = 1_000;

/**
 * Fans' cards as PNG, kept per fan and version of the report: a fan's ratings cannot change once the match
 * has ended, and a reopening makes a new version. So each card is drawn once, and its fan's next ask reads
 * nothing but the report.
 */
export class MyRatingsCards {
  private readonly images: CardImages;

  constructor(drawing: WorkPool) {
    this.images = new CardImages(drawing, MY_CARDS_KEPT);
  }

  image(
    db: Database,
    userId: string,
    report: MatchReport,
    club: { name: string; colours: ClubColours },
    locale: Locale,
  ): Promise<Buffer> {
    const key = drawingVersion(report, club.name, club.colours, locale, userId);
    const kept = this.images.kept(key);
    if (kept) return kept;
    return myRatingsCardOf(db, userId, report).then((card) =>
      this.images.draw(key, () => myRatingsCardSvg(card, club.name, club.colours, cardText(locale))),
    );
  }
}
