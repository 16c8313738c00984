import type { ClubColours } from '@shared/club-colours';
import { clubPalette } from '@shared/club-palette';
import { DEFAULT_LOCALE, directionOf, type Locale } from '@shared/i18n/locales';
import { type MatchReport, MY_RATINGS_CARD_ERRORS, matchSides } from '@shared/match-reports';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ratings, userVotes } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { escapeXml } from '../../lib/markup';
import type { WorkPool } from '../../lib/work-pool';
import { readMatchReport } from './match-reports.service';
import {
  ACCENT,
  CardImages,
  type CardText,
  cardSvg,
  cardText,
  drawingVersion,
  FONT,
  SHARE_WIDTH,
} from './share.service';

/**
 * The players a card lists by name: the largest lineup a fan can rate (eleven starters, five substitutes
 * and the manager). Past it, the card's last place says how many more there were.
 */
export const MY_CARD_ROWS = 17;

/** One fan's ratings of one ended match, beside the crowd's. Nothing in it says who the fan is. */
export interface MyRatingsCard {
  match: MatchReport['match'];
  /** The fan's ratings, their highest first (level ones: the crowd's higher, then by name). */
  ratings: {
    playerId: number;
    name: string;
    /** The shirt number on the day; null for the manager or a squad typed without numbers. */
    jerseyNumber: number | null;
    myRating: number;
    crowdAverage: number;
  }[];
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
      ? [
          {
            playerId,
            name: player.name,
            jerseyNumber: player.jerseyNumber,
            myRating: rating,
            crowdAverage: player.averageRating,
          },
        ]
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

/* ---------- Measuring text: librsvg draws it, but the layout has to know how wide it will be. ---------- */

type Weight = 'book' | 'bold';

/**
 * DejaVu Sans's advance widths (the card's first font, thousandths of an em) of ' ' to '~', read from
 * its Book and Bold faces: a Latin name or heading is measured as it will be drawn, not guessed.
 */
const ADVANCES: Record<Weight, readonly number[]> = {
  book: [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636,
    636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295,
    295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838,
    500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521,
    392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
  ],
  bold: [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696,
    696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372,
    372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838,
    500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595,
    478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
  ],
};
/** The card's own punctuation, beyond ASCII. */
const PUNCTUATION: Record<string, number> = { '…': 1, '–': 0.5, '—': 1, '·': 0.38, '’': 0.38 };
/** Marks and bidi controls take no room of their own. */
const ZERO_WIDTH = /[\u0300-\u036f\u064b-\u065f\u0670\u200b-\u200f\u2066-\u2069]/u;
/**
 * Joined Arabic letters run narrower than DejaVu's widest isolated forms: these are its average forms,
 * rounded up so that a line of Arabic is never wider than the room measured for it.
 */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/u;
const ARABIC_EM: Record<Weight, number> = { book: 0.62, bold: 0.72 };
const CJK = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u;
/** Any other letter (ø, ß, Cyrillic): as wide as DejaVu's wider capitals, so it is not underestimated. */
const OTHER_EM: Record<Weight, number> = { book: 0.75, bold: 0.84 };

/** How wide `text` is drawn at `size` px, with `spacing` px after each letter (a heading's). */
export function textWidth(text: string, size: number, weight: Weight, spacing = 0): number {
  let ems = 0;
  let letters = 0;
  // Decomposed, an accented letter is its base letter and a mark that takes no room.
  for (const char of text.normalize('NFD')) {
    if (ZERO_WIDTH.test(char)) continue;
    letters += 1;
    const code = char.codePointAt(0) ?? 0;
    const ascii = code >= 32 && code <= 126 ? ADVANCES[weight][code - 32] : undefined;
    ems +=
      ascii !== undefined
        ? ascii / 1000
        : (PUNCTUATION[char] ??
          (ARABIC.test(char) ? ARABIC_EM[weight] : CJK.test(char) ? 1 : OTHER_EM[weight]));
  }
  return ems * size + letters * spacing;
}

/** `text` cut with an ellipsis to what fits in `room` px: long names end short of what follows them. */
export function fitText(text: string, room: number, size: number, weight: Weight, spacing = 0): string {
  const whole = text.normalize('NFC');
  if (textWidth(whole, size, weight, spacing) <= room) return whole;
  const letters = [...whole];
  for (let kept = letters.length - 1; kept > 0; kept -= 1) {
    const cut = `${letters.slice(0, kept).join('').trimEnd()}…`;
    if (textWidth(cut, size, weight, spacing) <= room) return cut;
  }
  return '…';
}

/* ---------- Drawing ---------- */

/** A five-pointed star of radius r around (cx, cy): the Man of the Match mark, drawn rather than typed. */
function star(cx: number, cy: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

const WHITE = '#ffffff';
const MUTED = 'rgba(255,255,255,0.78)';
/** The card's text runs between these two x's (left to right; mirrored for a right-to-left language). */
const LEFT = 64;
const RIGHT = SHARE_WIDTH - 64;
const TOP_LINE_Y = 56;
/** The score: the numbers' baseline and size; the teams' names are centred on the numbers' height. */
const SCORE = { baseline: 140, size: 72, dash: 60, gap: 30, nameGap: 28, nameMax: 40, nameMin: 26 };
const PANEL = { x: 48, y: 166, width: SHARE_WIDTH - 96, pad: 24 };
const HEADING_Y = PANEL.y + 30;
/** Nothing of the ratings reaches below this line; the footer (the pick, the crowd) starts under it. */
export const MY_CARD_FOOTER_TOP = 558;
/** Below the column headings, the rows share the panel down to ROWS_BOTTOM; the panel ends 10 px lower. */
const ROWS_TOP = PANEL.y + 42;
const ROWS_BOTTOM = MY_CARD_FOOTER_TOP - 14;
/** The footer's Man of the Match chip: its heading over the name, beside the star. */
const CHIP = { x: PANEL.x, y: MY_CARD_FOOTER_TOP + 6, height: 50, maxWidth: 560, inset: 46, endPad: 18 };
/** One column of large rows up to this many places; two columns of smaller ones past it. */
const ONE_COLUMN_ROWS = 8;

type Anchor = 'start' | 'middle' | 'end';
/** How a text is set: its letter-spacing (a heading's) is dropped where letters join (Arabic). */
interface TextStyle {
  size: number;
  weight: Weight;
  fill: string;
  anchor?: Anchor;
  spacing?: number;
  id?: string;
}
const px = (value: number) => String(Math.round(value * 10) / 10);
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * What draws the card in one language. The card is laid out left to right, then mirrored for a
 * right-to-left language: each x is taken from the other edge and each text is set right to left, where
 * its 'start' is its right end, so every anchor stays as written. Inside a line, a name keeps its own
 * direction and a number with its sign (#7, +2) stays left to right.
 */
interface Pen {
  text: CardText;
  /** A text at x `at` (in left-to-right coordinates), its content already escaped. */
  draw: (at: number, y: number, style: TextStyle, content: string) => string;
  rect: (at: number, y: number, width: number, height: number, rest: string) => string;
  star: (cx: number, cy: number, r: number) => string;
  /** How wide `value` is drawn in `style`, and `value` cut to fit `room` in it. */
  width: (value: string, style: TextStyle) => number;
  cut: (value: string, room: number, style: TextStyle) => string;
  /** What the card says in its language, escaped: isolated right to left in Arabic. */
  said: (value: string) => string;
  /** A name someone typed (a player, a club), escaped and kept whole in its own direction. */
  named: (value: string) => string;
  /** A number with its sign, kept left to right in every language (not escaped: it may go into a message). */
  ltr: (value: string) => string;
}

function penFor(text: CardText): Pen {
  const rtl = directionOf(text.locale) === 'rtl';
  const x = (at: number) => px(rtl ? SHARE_WIDTH - at : at);
  const spacingOf = (style: TextStyle) => (rtl ? 0 : (style.spacing ?? 0));
  return {
    text,
    draw: (at, y, style, content) => {
      const spacing = spacingOf(style) ? ` letter-spacing="${spacingOf(style)}"` : '';
      const id = style.id ? ` id="${style.id}"` : '';
      // The fill comes last, next to the content: the tests read a pill's figure by its colour.
      return `<text x="${x(at)}" y="${px(y)}" text-anchor="${style.anchor ?? 'start'}"${rtl ? ' direction="rtl"' : ''} ${FONT} font-weight="${style.weight === 'bold' ? 700 : 400}" font-size="${px(style.size)}"${spacing}${id} fill="${style.fill}">${content}</text>`;
    },
    rect: (at, y, width, height, rest) =>
      `<rect x="${x(rtl ? at + width : at)}" y="${px(y)}" width="${px(width)}" height="${px(height)}" ${rest}/>`,
    star: (cx, cy, r) => star(rtl ? SHARE_WIDTH - cx : cx, cy, r, ACCENT),
    width: (value, style) => textWidth(value, style.size, style.weight, spacingOf(style)),
    cut: (value, room, style) => fitText(value, room, style.size, style.weight, spacingOf(style)),
    said: (value) => text.line(value),
    named: (value) => escapeXml(text.piece(value)),
    ltr: (value) => (rtl ? `${LRI}${value}${PDI}` : value),
  };
}

/**
 * The fan's card as SVG, in the given language: "My ratings" and the day, the score with each team's
 * name beside its number, every player they rated (up to MY_CARD_ROWS, and past it how many more) with
 * their shirt number, their rating and the crowd's average, then their Man of the Match pick and how many
 * fans the averages rest on. A right-to-left language reads the same card mirrored. No name, e-mail or id
 * of the fan: the card may go anywhere.
 */
export function myRatingsCardSvg(
  card: MyRatingsCard,
  clubName: string,
  colours: ClubColours,
  text: CardText = cardText(DEFAULT_LOCALE),
): string {
  const pen = penFor(text);
  const { accentInk } = clubPalette(colours).card;
  return cardSvg(
    colours,
    `${topLine(card, clubName, pen)}
  ${scoreLine(card, clubName, pen)}
  <g id="ratings">
  ${ratingRows(card, pen, accentInk)}
  </g>
  <g id="footer">
  ${footer(card, pen)}
  </g>`,
  );
}

/**
 * "CLUB · MY RATINGS" at the start, the tournament and day at the end. The club's name is beside the
 * score too, so when the two do not fit the heading gives it up first, then the tournament is cut.
 */
function topLine(card: MyRatingsCard, clubName: string, { text, draw, width, cut, said }: Pen): string {
  const { match } = card;
  const kicker: TextStyle = { size: 22, weight: 'bold', fill: ACCENT, spacing: 3 };
  const meta: TextStyle = { size: 20, weight: 'book', fill: MUTED, anchor: 'end' };
  const myRatings = text.caps(text.t('cards.mine.myRatings'));
  const withClub = `${text.piece(text.caps(clubName))} · ${myRatings}`;
  const day = text.day(match.playedOn);
  const dayWidth = width(` · ${day}`, meta);
  const room = RIGHT - LEFT - 40;
  const heading =
    width(withClub, kicker) + width(match.tournament, meta) + dayWidth <= room
      ? withClub
      : cut(myRatings, room / 2, kicker);
  const tournament = cut(match.tournament, room - width(heading, kicker) - dayWidth, meta);
  return `${draw(LEFT, TOP_LINE_Y, kicker, said(heading))}
  ${draw(RIGHT, TOP_LINE_Y, meta, said(`${text.piece(tournament)} · ${text.piece(day)}`))}`;
}

/**
 * "Club 2 – 1 Opponent" across the card, each number against its team's name: the numbers and the dash
 * in the middle, each name running from its number towards the card's edge (smaller, then cut, when
 * long). Mirrored, it reads the same right to left: the home side first, its number beside it.
 */
function scoreLine(card: MyRatingsCard, clubName: string, { draw, width, cut, named }: Pen): string {
  const { match } = card;
  // Drawn as text: the goals are measured and written as strings.
  const [homeSide, awaySide] = matchSides(match, clubName);
  const home = { name: homeSide.name, goals: String(homeSide.goals) };
  const away = { name: awaySide.name, goals: String(awaySide.goals) };
  const goals: TextStyle = { size: SCORE.size, weight: 'bold', fill: WHITE };
  const centre = SHARE_WIDTH / 2;
  const homeGoalsEnd = centre - SCORE.gap;
  const awayGoalsStart = centre + SCORE.gap;
  const homeNameEnd = homeGoalsEnd - width(home.goals, goals) - SCORE.nameGap;
  const awayNameStart = awayGoalsStart + width(away.goals, goals) + SCORE.nameGap;
  const homeRoom = homeNameEnd - LEFT;
  const awayRoom = RIGHT - awayNameStart;
  // Both names at one size: the largest at which both fit, down to a floor; past it they are cut.
  const largest: TextStyle = { size: SCORE.nameMax, weight: 'bold', fill: WHITE };
  const fits = (name: string, room: number) =>
    Math.floor((SCORE.nameMax * room) / Math.max(1, width(name, largest)));
  const size = Math.max(
    SCORE.nameMin,
    Math.min(SCORE.nameMax, fits(home.name, homeRoom), fits(away.name, awayRoom)),
  );
  const names: TextStyle = { size, weight: 'bold', fill: WHITE };
  // A figure's or a capital's middle is ~0.365 of the size above the baseline: names and numbers share it.
  const nameBaseline = SCORE.baseline - 0.365 * (SCORE.size - size);
  return [
    draw(
      homeNameEnd,
      nameBaseline,
      { ...names, anchor: 'end', id: 'home-name' },
      named(cut(home.name, homeRoom, names)),
    ),
    draw(homeGoalsEnd, SCORE.baseline, { ...goals, anchor: 'end', id: 'home-goals' }, home.goals),
    draw(
      centre,
      SCORE.baseline - 8,
      { size: SCORE.dash, weight: 'bold', fill: MUTED, anchor: 'middle' },
      '–',
    ),
    draw(awayGoalsStart, SCORE.baseline, { ...goals, id: 'away-goals' }, away.goals),
    draw(awayNameStart, nameBaseline, { ...names, id: 'away-name' }, named(cut(away.name, awayRoom, names))),
  ].join('\n  ');
}

/**
 * The panel of ratings: a row for every rated player up to MY_CARD_ROWS (one column while they are few,
 * two past ONE_COLUMN_ROWS), and past it a last place saying "+N more". It ends above MY_CARD_FOOTER_TOP.
 */
function ratingRows(card: MyRatingsCard, pen: Pen, accentInk: string): string {
  const { text, draw, rect, width: widthOf, cut, named, said, ltr } = pen;
  const shown = card.ratings.slice(0, MY_CARD_ROWS);
  const more = card.ratings.length - shown.length;
  const places = shown.length + (more > 0 ? 1 : 0);
  const columns = places > ONE_COLUMN_ROWS ? 2 : 1;
  const perColumn = Math.ceil(places / columns);
  const rowHeight = Math.min(54, Math.floor((ROWS_BOTTOM - ROWS_TOP) / perColumn));
  // Two columns share the width: their names get room at a smaller size.
  const size = Math.min(columns === 2 ? 24 : 28, Math.round(rowHeight * 0.6));
  // A few rows: the panel ends below the last of them.
  const panelHeight = ROWS_TOP - PANEL.y + perColumn * rowHeight + 10;
  const gap = columns === 2 ? 40 : 0;
  const width = (PANEL.width - 2 * PANEL.pad - gap) / columns;
  const columnLeft = (c: number) => PANEL.x + PANEL.pad + c * (width + gap);

  const heading: TextStyle = { size: 16, weight: 'bold', fill: ACCENT, spacing: 2 };
  const name: TextStyle = { size, weight: 'bold', fill: WHITE };
  const figure: TextStyle = { size, weight: 'book', fill: MUTED, anchor: 'end' };
  const number: TextStyle = { size: Math.round(size * 0.8), weight: 'bold', fill: MUTED, anchor: 'end' };
  // The columns after the names, measured in this language: the crowd's figure under "FANS", the fan's
  // own in a pill under "ME", far enough apart that neither heading meets the other.
  const headingText = (id: string) => text.caps(text.t(id));
  const averages = shown.map((r) => text.oneDecimal(r.crowdAverage));
  const fansWidth = Math.max(
    widthOf(headingText('cards.mine.fans'), heading),
    ...averages.map((a) => widthOf(a, figure)),
  );
  const pillWidth = Math.round(size * 2.3);
  const pillHeight = Math.min(rowHeight - 8, size + 10);
  const meOffset = fansWidth + 22 + Math.max(pillWidth, widthOf(headingText('cards.mine.me'), heading)) / 2;
  // Shirt numbers in a column of their own before the names, when the squad has them.
  const numberWidth = shown.some((r) => r.jerseyNumber !== null)
    ? Math.round(widthOf('#00', number) + 12)
    : 0;

  const place = (i: number) => {
    const left = columnLeft(Math.floor(i / perColumn));
    const top = ROWS_TOP + (i % perColumn) * rowHeight;
    const middle = top + rowHeight / 2;
    return { left, right: left + width, top, middle, baseline: middle + size * 0.36 };
  };
  const headings = Array.from({ length: columns }, (_, c) => {
    const left = columnLeft(c);
    const right = left + width;
    const say = (id: string) => said(headingText(id));
    return [
      draw(left, HEADING_Y, heading, say('cards.mine.player')),
      draw(right - meOffset, HEADING_Y, { ...heading, anchor: 'middle' }, say('cards.mine.me')),
      draw(right, HEADING_Y, { ...heading, anchor: 'end' }, say('cards.mine.fans')),
    ].join('\n  ');
  });
  const rows = shown.map((r, i) => {
    const { left, right, top, middle, baseline } = place(i);
    const meX = right - meOffset;
    const isMotm = r.playerId === card.myMotm?.id;
    const nameX = left + numberWidth;
    // The name runs up to the pill (to the star before it).
    const nameRoom = meX - pillWidth / 2 - (isMotm ? 40 : 14) - nameX;
    const pill = `rx="${px(pillHeight / 2)}" fill="${ACCENT}"`;
    return [
      i % 2 === 0
        ? rect(left - 12, top + 2, width + 24, rowHeight - 4, 'rx="10" fill="rgba(255,255,255,0.07)"')
        : '',
      r.jerseyNumber === null ? '' : draw(nameX - 12, baseline, number, escapeXml(ltr(`#${r.jerseyNumber}`))),
      draw(nameX, baseline, name, named(cut(r.name, nameRoom, name))),
      isMotm ? pen.star(meX - pillWidth / 2 - 20, middle, size * 0.48) : '',
      rect(meX - pillWidth / 2, middle - pillHeight / 2, pillWidth, pillHeight, pill),
      draw(meX, baseline, { ...name, fill: accentInk, anchor: 'middle' }, String(r.myRating)),
      draw(right, baseline, figure, escapeXml(averages[i] ?? '')),
    ]
      .filter(Boolean)
      .join('\n  ');
  });
  if (more > 0) {
    const { left, right, baseline } = place(shown.length);
    // "+2" goes into the message as a left-to-right run, so it never reads "2+" in Arabic.
    const message = text.t('cards.myCard.more', { count: more, plus: ltr(`+${text.count(more)}`) });
    const style: TextStyle = { ...name, fill: MUTED, id: 'more' };
    rows.push(
      draw(left + numberWidth, baseline, style, said(cut(message, right - left - numberWidth, style))),
    );
  }
  return [
    rect(PANEL.x, PANEL.y, PANEL.width, panelHeight, 'rx="22" fill="rgba(0,0,0,0.34)"'),
    ...headings,
    ...rows,
  ].join('\n  ');
}

/**
 * Under the panel: the fan's pick in a chip at the start (the star, the heading over the name, the chip
 * as wide as the longer of them), the crowd's line at the end in what is left, cut rather than meet it.
 */
function footer(card: MyRatingsCard, { text, draw, rect, star, width, cut, said, named }: Pen): string {
  const label: TextStyle = { size: 14, weight: 'bold', fill: ACCENT, spacing: 1.5 };
  const name: TextStyle = { size: 20, weight: 'bold', fill: WHITE };
  const none: TextStyle = { size: 20, weight: 'book', fill: MUTED };
  const crowd: TextStyle = { size: 19, weight: 'book', fill: MUTED, anchor: 'end' };
  const middle = CHIP.y + CHIP.height / 2;
  const lines: string[] = [];
  let taken: number;
  if (card.myMotm) {
    const room = CHIP.maxWidth - CHIP.inset - CHIP.endPad;
    const heading = cut(text.caps(text.t('cards.mine.myMotm')), room, label);
    const pick = cut(card.myMotm.name, room, name);
    const chipWidth = CHIP.inset + Math.max(width(heading, label), width(pick, name)) + CHIP.endPad;
    taken = CHIP.x + chipWidth;
    const chip = `rx="${CHIP.height / 2}" fill="rgba(0,0,0,0.34)" id="motm-chip"`;
    lines.push(
      rect(CHIP.x, CHIP.y, chipWidth, CHIP.height, chip),
      star(CHIP.x + 25, middle, 13),
      draw(CHIP.x + CHIP.inset, CHIP.y + 20, label, said(heading)),
      draw(CHIP.x + CHIP.inset, CHIP.y + 41, name, named(pick)),
    );
  } else {
    const nothing = cut(text.t('cards.mine.noMotm'), CHIP.maxWidth, none);
    taken = LEFT + width(nothing, none);
    lines.push(draw(LEFT, middle + 7, none, said(nothing)));
  }
  const raters = cut(text.t('cards.mine.crowd', { raters: card.raters }), RIGHT - taken - 28, crowd);
  lines.push(draw(RIGHT, middle + 7, crowd, said(raters)));
  return lines.join('\n  ');
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
