import { createHash } from 'node:crypto';
import type { ClubColours } from '@shared/club-colours';
import { clubPalette } from '@shared/club-palette';
import { directionOf, intlTag, type Locale } from '@shared/i18n/locales';
import { type Team, type TeamLine, type TeamPlayer, teamTitleKind } from '@shared/team-of-the-week';
import { escapeXml } from '../../lib/markup';
import type { WorkPool } from '../../lib/work-pool';
import { fitText, textWidth } from '../match-reports/my-card.service';
import {
  ACCENT,
  CardImages,
  type CardText,
  cardSvg,
  FONT,
  SHARE_HEIGHT,
  SHARE_WIDTH,
} from '../match-reports/share.service';

type Weight = Parameters<typeof textWidth>[2];
const WHITE = '#ffffff';
const MUTED = 'rgba(255,255,255,0.8)';
const LINE = 'rgba(255,255,255,0.32)';

/** The words' side of the card, in left-to-right coordinates (mirrored for Arabic). */
const PANEL = { left: 64, right: 500 };
/** The pitch, in left-to-right coordinates: it moves to the other side for Arabic, never turns over. */
const PITCH = { left: 536, top: 28, width: 620, height: SHARE_HEIGHT - 56 };
/** Each line's centre, forwards at the top: the team attacks up the card. */
const ROW_Y: Record<TeamLine, number> = { forward: 100, midfielder: 240, defender: 380, goalkeeper: 500 };
const DOT = 31;
const TITLE_SIZE = 42;

/** Words on at most two lines of `room` px, the second cut if it must be: a long title stays whole where it can. */
function wrap(value: string, room: number, size: number): string[] {
  if (textWidth(value, size, 'bold') <= room) return [value];
  const words = value.split(' ');
  let first = '';
  for (const word of words) {
    const next = first ? `${first} ${word}` : word;
    if (first && textWidth(next, size, 'bold') > room) break;
    first = next;
  }
  const rest = value.slice(first.length).trim();
  return rest ? [first, rest] : [first];
}

/** Days as a range in the card's language: '23–29 November 2026'. */
export function dayRange(locale: Locale, from: string, to: string): string {
  const format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : intlTag(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const [a, b] = [new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`)];
  return from === to ? format.format(a) : format.formatRange(a, b);
}

/**
 * The team card as SVG, in the given language: the title and period, the formation and the manager on one
 * side, the XI on a pitch on the other, each with the fans' average and shirt number. A right-to-left
 * language mirrors the card's sides and sets its words right to left; the pitch keeps its left and right,
 * as a left-back plays on the left in every language.
 */
export function teamCardSvg(team: Team, clubName: string, colours: ClubColours, text: CardText): string {
  const { t } = text;
  const rtl = directionOf(text.locale) === 'rtl';
  const { start: ink } = clubPalette(colours).card;
  const panelX = (at: number) => (rtl ? SHARE_WIDTH - at : at);
  const pitchLeft = rtl ? SHARE_WIDTH - PITCH.left - PITCH.width : PITCH.left;
  const room = PANEL.right - PANEL.left;
  const say = (y: number, size: number, weight: Weight, fill: string, value: string, spacing = 0) => {
    const letters = rtl ? 0 : spacing;
    const cut = fitText(value, room, size, weight, letters);
    return `<text x="${panelX(PANEL.left)}" y="${y}" text-anchor="start"${rtl ? ' direction="rtl"' : ''} ${FONT} font-weight="${weight === 'bold' ? 700 : 400}" font-size="${size}"${letters ? ` letter-spacing="${letters}"` : ''} fill="${fill}">${text.line(cut)}</text>`;
  };
  const kind = teamTitleKind(team);
  const period =
    team.kind === 'season'
      ? t('cards.team.seasonOf', { season: team.season?.label ?? '' })
      : team.kind === 'match' && team.matches[0]
        ? `${text.piece(team.matches[0].opponent)} ${text.piece(team.matches[0].score)} · ${text.piece(text.day(team.matches[0].playedOn))}`
        : team.period
          ? dayRange(text.locale, team.period.from, team.period.to)
          : '';
  const ratings = team.players.reduce((sum, p) => sum + p.ratingCount, 0);
  const title = wrap(t('cards.team.title', { kind }), room, TITLE_SIZE);
  // A title on two lines moves the rest down by one.
  const down = (title.length - 1) * 50;
  const panel = [
    say(84, 22, 'bold', ACCENT, text.caps(clubName), 3),
    ...title.map((line, i) => say(144 + i * 50, TITLE_SIZE, 'bold', WHITE, line)),
    say(188 + down, 26, 'book', MUTED, period),
    team.formation
      ? `${say(254 + down, 20, 'bold', ACCENT, text.caps(t('cards.team.formation')), 3)}
  <text x="${panelX(PANEL.left)}" y="${330 + down}" text-anchor="${rtl ? 'end' : 'start'}" ${FONT} font-weight="800" font-size="80" fill="${WHITE}">${escapeXml(team.formation)}</text>`
      : '',
    team.manager
      ? `${say(420 + down / 2, 20, 'bold', ACCENT, text.caps(t('cards.team.manager')), 3)}
  ${say(460 + down / 2, 32, 'bold', WHITE, team.manager.name)}
  ${say(498 + down / 2, 24, 'book', MUTED, t('cards.team.average', { average: text.oneDecimal(team.manager.averageRating) }))}`
      : '',
    team.matches.length
      ? say(590, 20, 'book', MUTED, t('cards.team.footer', { matches: team.matches.length, ratings }))
      : '',
  ].join('\n  ');
  return cardSvg(colours, `${panel}\n  ${pitchSvg(pitchLeft)}\n  ${playersSvg(team, pitchLeft, ink, text)}`);
}

/** The pitch's markings, faint on the club's colours. */
function pitchSvg(left: number): string {
  const { top, width, height } = PITCH;
  const cx = left + width / 2;
  const box = { width: 300, height: 88 };
  const small = { width: 140, height: 26 };
  const stroke = `fill="none" stroke="${LINE}" stroke-width="2"`;
  return `<rect x="${left}" y="${top}" width="${width}" height="${height}" rx="18" fill="rgba(255,255,255,0.06)" stroke="${LINE}" stroke-width="2"/>
  <line x1="${left}" y1="${top + height / 2}" x2="${left + width}" y2="${top + height / 2}" stroke="${LINE}" stroke-width="2"/>
  <circle cx="${cx}" cy="${top + height / 2}" r="62" ${stroke}/>
  <rect x="${cx - box.width / 2}" y="${top}" width="${box.width}" height="${box.height}" ${stroke}/>
  <rect x="${cx - small.width / 2}" y="${top}" width="${small.width}" height="${small.height}" ${stroke}/>
  <rect x="${cx - box.width / 2}" y="${top + height - box.height}" width="${box.width}" height="${box.height}" ${stroke}/>
  <rect x="${cx - small.width / 2}" y="${top + height - small.height}" width="${small.width}" height="${small.height}" ${stroke}/>`;
}

const NAME_SIZE = 19;

/**
 * A player's name as it fits under their disc: whole, else without the first name ("de Ligt" for
 * "Matthijs de Ligt"), as team sheets print them, and only then cut.
 */
export function shortName(name: string, room: number): string {
  if (textWidth(name, NAME_SIZE, 'bold') <= room) return name;
  const words = name.trim().split(/\s+/);
  const surname = words.length > 1 ? words.slice(1).join(' ') : name;
  return fitText(surname, room, NAME_SIZE, 'bold');
}

/** Each line across the pitch: a white disc with the average, the shirt number on a badge, the name below. */
function playersSvg(team: Team, left: number, ink: string, text: CardText): string {
  if (team.players.length === 0)
    return `<text x="${left + PITCH.width / 2}" y="${PITCH.top + PITCH.height / 2 - 80}" text-anchor="middle"${directionOf(text.locale) === 'rtl' ? ' direction="rtl"' : ''} ${FONT} font-weight="700" font-size="28" fill="${WHITE}">${text.line(text.t('cards.team.empty'))}</text>`;
  const byLine = new Map<TeamLine, TeamPlayer[]>();
  for (const p of team.players) byLine.set(p.line, [...(byLine.get(p.line) ?? []), p]);
  const drawn: string[] = [];
  for (const [line, players] of byLine) {
    const slot = PITCH.width / players.length;
    const y = ROW_Y[line];
    players.forEach((p, i) => {
      const cx = Math.round(left + slot * (i + 0.5));
      const name = shortName(p.name, Math.min(slot - 14, 196));
      drawn.push(`<g class="player">
    <circle cx="${cx}" cy="${y}" r="${DOT}" fill="${WHITE}"/>
    <text x="${cx}" y="${y + 9}" text-anchor="middle" ${FONT} font-weight="800" font-size="25" fill="${ink}">${escapeXml(text.oneDecimal(p.averageRating))}</text>
    ${
      p.jerseyNumber === null
        ? ''
        : `<circle cx="${cx + 27}" cy="${y - 25}" r="15" fill="${ACCENT}"/>
    <text x="${cx + 27}" y="${y - 19}" text-anchor="middle" ${FONT} font-weight="700" font-size="16" fill="${ink}">${p.jerseyNumber}</text>`
    }
    <text x="${cx}" y="${y + DOT + 26}" text-anchor="middle" ${FONT} font-weight="700" font-size="${NAME_SIZE}" fill="${WHITE}" stroke="rgba(0,0,0,0.45)" stroke-width="3" paint-order="stroke">${escapeXml(text.piece(name))}</text>
  </g>`);
    });
  }
  return drawn.join('\n  ');
}

/** What names one drawing: the team's content (not when it was computed), the language, club and colours. */
export function teamCardVersion(team: Team, clubName: string, colours: ClubColours, locale: Locale): string {
  const { computedAt: _at, ...content } = team;
  return createHash('sha256')
    .update(JSON.stringify([content, locale, clubName, colours.primary, colours.secondary]))
    .digest('base64url')
    .slice(0, 22);
}

/** Team cards as PNG, each drawn once per version of a team and language. */
export class TeamCards {
  private readonly images: CardImages;

  constructor(drawing: WorkPool) {
    this.images = new CardImages(drawing);
  }

  image(team: Team, clubName: string, colours: ClubColours, text: CardText): Promise<Buffer> {
    return this.images.draw(teamCardVersion(team, clubName, colours, text.locale), () =>
      teamCardSvg(team, clubName, colours, text),
    );
  }
}
