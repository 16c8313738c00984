import { competitionRanks } from '@shared/competition-ranks';
import type { MatchReport } from '@shared/match-reports';
import sharp from 'sharp';
import { TtlCache } from '../../lib/ttl-cache';
import type { ClubColours } from '../settings/club-colours.service';

/** The size social networks show a large link card at. */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** What an admin or a squad list typed is text on a card, never markup. */
export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const FONT = `font-family="'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"`;
/** The cards' headings and figures: legible on every club's dark end. */
export const ACCENT = '#f6d31b';

/** Long names are cut with an ellipsis rather than run off the card. */
export const clip = (text: string, max: number) =>
  [...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text;

export const count = new Intl.NumberFormat('en-GB');

export const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

/** The result card as SVG: club and opponent, score, date, the fans' Man of the Match and top three. */
export function shareCardSvg(report: MatchReport, clubName: string, colours: ClubColours): string {
  const { match, motm } = report;
  const top = report.players.slice(0, 3);
  // Equal averages share a rank, as on every screen.
  const ranks = competitionRanks(top.map((p) => p.averageRating));
  const rows = top
    .map(
      (p, i) => `
    <g transform="translate(640 ${300 + i * 86})">
      <circle cx="32" cy="0" r="28" fill="${i === 0 ? ACCENT : 'rgba(255,255,255,0.14)'}"/>
      <text x="32" y="11" text-anchor="middle" ${FONT} font-weight="700" font-size="30" fill="${i === 0 ? colours.dark : '#ffffff'}">${ranks[i] ?? i + 1}</text>
      <text x="80" y="10" ${FONT} font-weight="700" font-size="28" fill="#ffffff">${escapeXml(clip(p.name, 18))}</text>
      <text x="500" y="11" text-anchor="end" ${FONT} font-weight="700" font-size="36" fill="${ACCENT}">${p.averageRating.toFixed(1)}</text>
    </g>`,
    )
    .join('');
  const motmBlock = motm
    ? `<text x="64" y="470" ${FONT} font-weight="700" font-size="24" fill="${ACCENT}" letter-spacing="3">FANS' MAN OF THE MATCH</text>
    <text x="64" y="522" ${FONT} font-weight="700" font-size="44" fill="#ffffff">${escapeXml(clip(motm.player.name, 22))}</text>
    <text x="64" y="566" ${FONT} font-size="28" fill="rgba(255,255,255,0.8)">${motm.percentage.toFixed(1)}% of fans' votes${motm.tiedWith.length ? ' (joint)' : ''}</text>`
    : `<text x="64" y="522" ${FONT} font-size="30" fill="rgba(255,255,255,0.8)">No Man of the Match votes</text>`;
  return cardSvg(
    colours,
    `<text x="64" y="92" ${FONT} font-weight="700" font-size="26" fill="${ACCENT}" letter-spacing="3">${escapeXml(clip(clubName.toUpperCase(), 40))} · FAN RATINGS</text>
  <text x="64" y="160" ${FONT} font-weight="700" font-size="46" fill="#ffffff">${escapeXml(clip(`${clubName} vs ${match.opponent}`, 34))}</text>
  <text x="64" y="212" ${FONT} font-size="28" fill="rgba(255,255,255,0.8)">${escapeXml(`${match.tournament} · ${longDate(match.playedOn)}`)}</text>
  <text x="64" y="380" ${FONT} font-weight="800" font-size="150" fill="#ffffff">${match.homeScore}–${match.awayScore}</text>
  ${motmBlock}
  <text x="640" y="250" ${FONT} font-weight="700" font-size="24" fill="${ACCENT}" letter-spacing="3">TOP RATED BY THE FANS</text>
  ${rows}
  <text x="1136" y="598" text-anchor="end" ${FONT} font-size="22" fill="rgba(255,255,255,0.7)">${count.format(report.raters)} fans rated · ${count.format(report.totalRatings)} ratings</text>`,
  );
}

/** A 1200x630 card: the club's colours from dark to primary, a stripe across the top, `content` on them. */
export function cardSvg(colours: ClubColours, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours.dark}"/>
      <stop offset="1" stop-color="${colours.primary}"/>
    </linearGradient>
  </defs>
  <rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#bg)"/>
  <rect x="0" y="0" width="${SHARE_WIDTH}" height="10" fill="${colours.primary}"/>
  ${content}
</svg>`;
}

/** Cards as PNG, each drawn once per key while it is kept; a failed drawing is not kept. */
export class CardImages {
  private readonly cache = new TtlCache<string, Promise<Buffer>>({ ttlMs: 60 * 60_000, max: 100 });

  draw(key: string, svg: () => string): Promise<Buffer> {
    const kept = this.cache.get(key);
    if (kept) return kept;
    const drawn = sharp(Buffer.from(svg())).png({ compressionLevel: 9 }).toBuffer();
    // A failed drawing is not kept: the next request tries again.
    drawn.catch(() => this.cache.delete(key));
    this.cache.set(key, drawn);
    return drawn;
  }
}

/** Result cards, drawn once per version of a report (a correction draws a new one). */
export class ShareCards {
  private readonly images = new CardImages();

  image(report: MatchReport, clubName: string, colours: ClubColours): Promise<Buffer> {
    const key = `${report.match.id}:${report.computedAt}:${clubName}:${colours.primary}:${colours.dark}`;
    return this.images.draw(key, () => shareCardSvg(report, clubName, colours));
  }
}

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a shared link opens: the card's tags for the networks, and a way into the match's page. */
export function sharePageHtml(report: MatchReport, clubName: string, publicUrl: string): string {
  const { match, motm } = report;
  const title = `${clubName} ${match.homeScore}–${match.awayScore} ${match.opponent}: the fans' ratings`;
  const best = report.players[0];
  const description = [
    motm ? `Fans' Man of the Match: ${motm.player.name} (${motm.percentage.toFixed(1)}%).` : null,
    best ? `Top rated: ${best.name}, ${best.averageRating.toFixed(1)}.` : null,
    `${report.raters} fans rated.`,
  ]
    .filter(Boolean)
    .join(' ');
  const base = publicUrl.replace(/\/$/, '');
  const page = `${base}/share/match/${match.id}`;
  const image = `${base}/share/match/${match.id}.png`;
  const app = `/matches/${match.id}`;
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', `${clubName} Player Ratings`],
    ['og:title', title],
    ['og:description', description],
    ['og:url', page],
    ['og:image', image],
    ['og:image:width', String(SHARE_WIDTH)],
    ['og:image:height', String(SHARE_HEIGHT)],
    ['og:image:alt', title],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}">`)
    .join('\n    ');
  const twitter = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', description],
    ['twitter:image', image],
  ]
    .map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content ?? '')}">`)
    .join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <meta name="description" content="${escapeHtml(description)}">
    <link rel="canonical" href="${escapeHtml(page)}">
    ${tags}
    ${twitter}
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(description)}</p>
      <p><img src="${escapeHtml(image)}" width="600" height="315" alt="${escapeHtml(title)}"></p>
      <p><a href="${escapeHtml(app)}">See every player's rating</a></p>
    </main>
  </body>
</html>`;
}
