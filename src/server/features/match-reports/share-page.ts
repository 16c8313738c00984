import type { ClubColours } from '@shared/club-colours';
import { CARD_ACCENT, type ClubPalette, clubPalette } from '@shared/club-palette';
import { competitionRanks } from '@shared/competition-ranks';
import { DEFAULT_LOCALE, directionOf, type Locale } from '@shared/i18n/locales';
import { clubScore, type MatchReport, matchSides } from '@shared/match-reports';
import { escapeXml } from '../../lib/markup';
import { initials } from '../pwa/pwa.service';
import { type CardText, cardText, SHARE_HEIGHT, SHARE_WIDTH } from './share.service';

/** The club as the shared page shows it: its name, its colours and its logo when one is set. */
export interface SharePageClub {
  name: string;
  colours: ClubColours;
  logoUrl: string | null;
}

/** The players the page lists, as many as the card: the button to rate the next match stays on a phone's first screen. */
const TOP_PLAYERS = 3;

/** The page's muted text: 7:1 on white and 6.5:1 on the page's grey. */
const MUTED = '#575757';
const INK = '#1a1a1a';
const PAGE = '#f4f4f5';
const BORDER = '#e4e4e7';

/**
 * The page's whole style, inline: a person opening a shared link on a weak connection gets the page in
 * one answer, with no stylesheet, font or script to wait for. Logical properties, so the same rules lay
 * it out right to left.
 */
function styles(palette: ClubPalette): string {
  const { club, light, dark } = palette;
  const accentInk = palette.card.accentInk;
  return `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:${PAGE};color:${INK};font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Tahoma,Arial,sans-serif;overflow-wrap:anywhere}
a{color:inherit}
a:focus-visible{outline:3px solid ${INK};outline-offset:2px}
.bar{background:${club.primary};color:${club.primaryInk}}
.bar a:focus-visible{outline-color:${club.primaryInk}}
.bar-in{max-inline-size:40rem;margin-inline:auto;padding:.625rem 1rem}
.brand{display:flex;align-items:center;gap:.75rem;min-block-size:2.75rem;text-decoration:none}
.mark{flex:none;inline-size:2.5rem;block-size:2.5rem;border-radius:.5rem;background:#fff;object-fit:contain;padding:2px}
.crest{flex:none;inline-size:2.5rem;block-size:2.5rem}
.club{display:flex;flex-direction:column;min-inline-size:0}
.club-name{font-size:1.0625rem;font-weight:800;line-height:1.25}
.tagline{font-size:.8125rem;font-weight:500;line-height:1.3}
main{max-inline-size:40rem;margin-inline:auto;padding:1rem 1rem 2rem;display:grid;gap:1rem}
.result{border-radius:.875rem;padding:1rem 1.125rem 1.125rem;color:#fff;background:${dark.chrome};background-image:linear-gradient(135deg,${dark.chrome},${dark.deep})}
.kicker,h2{margin:0 0 .5rem;font-size:.8125rem;font-weight:700;line-height:1.3;text-transform:uppercase;letter-spacing:.06em}
:lang(ar) .kicker,:lang(ar) h2{letter-spacing:0}
.kicker{color:${dark.muted}}
h1{margin:0;display:grid;gap:.375rem}
.side{display:flex;align-items:center;justify-content:space-between;gap:1rem}
.team{min-inline-size:0;font-size:1.25rem;font-weight:800;line-height:1.25}
.goals{flex:none;font-size:2.5rem;font-weight:900;line-height:1;font-variant-numeric:tabular-nums}
.when{margin:.75rem 0 0;font-size:.875rem;color:${dark.muted}}
.panel{background:#fff;border:1px solid ${BORDER};border-radius:.875rem;padding:1rem}
h2{color:${light.primaryText}}
.motm-name{margin:0;font-size:1.375rem;font-weight:800;line-height:1.25}
.muted{margin:.25rem 0 0;color:${MUTED};font-size:.9375rem}
ol{list-style:none;margin:0;padding:0}
li{display:flex;align-items:center;gap:.75rem;padding-block:.5rem;border-block-start:1px solid ${BORDER}}
li:first-child{border-block-start:0;padding-block-start:.25rem}
.rank{flex:none;display:grid;place-items:center;inline-size:2rem;block-size:2rem;border-radius:50%;background:${light.primarySoft};color:${light.primaryText};font-weight:800;font-size:.875rem}
.rank.first{background:${CARD_ACCENT};color:${accentInk}}
.who{flex:1;min-inline-size:0}
.name{display:block;font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.count{display:block;font-size:.8125rem;color:${MUTED}}
.avg{flex:none;font-size:1.5rem;font-weight:800;line-height:1;color:${light.primaryText};font-variant-numeric:tabular-nums}
.raters{margin:.75rem 0 0;padding-block-start:.75rem;border-block-start:1px solid ${BORDER};font-size:.875rem;color:${MUTED}}
.next{display:grid;gap:.75rem}
.next p{margin:0;font-weight:600}
.button{display:flex;align-items:center;justify-content:center;min-block-size:3rem;padding:.625rem 1.25rem;border-radius:.625rem;font-weight:700;line-height:1.25;text-align:center;text-decoration:none}
.primary{background:${light.primary};color:${light.primaryForeground}}
.primary:hover{background:${light.primaryHover}}
.secondary{background:#fff;color:${light.primaryText};border:2px solid ${light.primary}}
.secondary:hover{background:${light.primarySoft}}
figure{margin:0}
figure img{display:block;inline-size:100%;max-inline-size:100%;block-size:auto;border-radius:.875rem;background:${dark.chrome}}
.sr{position:absolute;inline-size:1px;block-size:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`;
}

/** The club's badge when it has no logo, as the page's header draws it: a shield in its colours, its initials. */
function crest(name: string, palette: ClubPalette): string {
  const { primary, primaryInk, secondary } = palette.club;
  const letters = initials(name);
  const long = [...letters].length > 1;
  return `<svg class="crest" viewBox="0 0 48 48" aria-hidden="true" focusable="false"><path d="M24 1.5 44 7.5v15C44 35 35.5 43 24 47 12.5 43 4 35 4 22.5v-15z" fill="#ffffff"/><path d="M24 4.8 41 9.9v12.6C41 33.3 33.8 40.2 24 43.8 14.2 40.2 7 33.3 7 22.5V9.9z" fill="${primary}"/><path d="M24 4.8 41 9.9v4.6H7V9.9z" fill="${secondary}"/><text x="24" y="${long ? 31.5 : 32.5}" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="${long ? 15 : 19}" fill="${primaryInk}">${escapeXml(letters)}</text></svg>`;
}

/*
 * Every name is in a <bdi>: it keeps its own direction (a Latin name on the Arabic page) while its line
 * follows the page's.
 */
function header(club: SharePageClub, palette: ClubPalette, text: CardText): string {
  // The name is written beside the mark, so the mark itself says nothing more.
  const mark = club.logoUrl
    ? `<img class="mark" src="${escapeXml(club.logoUrl)}" width="40" height="40" alt="">`
    : crest(club.name, palette);
  return `<header class="bar">
      <div class="bar-in">
        <a class="brand" href="/">
          ${mark}
          <span class="club">
            <span class="club-name"><bdi>${escapeXml(club.name)}</bdi></span>
            <span class="tagline">${escapeXml(text.t('common.header.tagline'))}</span>
          </span>
        </a>
      </div>
    </header>`;
}

/** The result: each side's name beside its goals, the home side first (the club, unless it played away). */
function result(report: MatchReport, clubName: string, text: CardText): string {
  const { match } = report;
  const rows = matchSides(match, clubName)
    .map(
      ({ name, goals }) =>
        `<span class="side"><span class="team"><bdi>${escapeXml(name)}</bdi></span> <span class="goals">${goals}</span></span>`,
    )
    .join(' ');
  const when = [match.tournament, text.day(match.playedOn)]
    .filter(Boolean)
    .map((part) => `<bdi>${escapeXml(part)}</bdi>`)
    .join(' · ');
  return `<section class="result" aria-labelledby="result">
        <p class="kicker">${escapeXml(text.t('cards.share.fanRatings'))}</p>
        <h1 id="result">${rows}</h1>
        <p class="when">${when}</p>
      </section>`;
}

function manOfTheMatch(report: MatchReport, text: CardText): string {
  const { motm } = report;
  const { t } = text;
  const body = motm
    ? `<p class="motm-name"><bdi>${escapeXml(motm.player.name)}</bdi></p>
        <p class="muted">${escapeXml(t('cards.share.motmShare', { percentage: text.oneDecimal(motm.percentage), joint: motm.tiedWith.length ? 'yes' : 'no' }))}</p>`
    : `<p class="muted">${escapeXml(t('cards.share.noMotm'))}</p>`;
  return `<section class="panel" aria-labelledby="motm">
        <h2 id="motm">${escapeXml(t('cards.share.motmHeading'))}</h2>
        ${body}
      </section>`;
}

function topRated(report: MatchReport, text: CardText): string {
  const { t } = text;
  const top = report.players.slice(0, TOP_PLAYERS);
  // Equal averages share a rank, as on every screen.
  const ranks = competitionRanks(top.map((p) => p.averageRating));
  const rows = top
    .map((p, i) => {
      const rank = ranks[i] ?? i + 1;
      return `<li><span class="rank${rank === 1 ? ' first' : ''}">${rank}</span><span class="who"><span class="name"><bdi>${escapeXml(p.name)}</bdi></span><span class="count">${escapeXml(t('cards.page.ratings', { count: p.ratingCount }))}</span></span><span class="avg"><span class="sr">${escapeXml(t('cards.page.average'))} </span>${text.oneDecimal(p.averageRating)}</span></li>`;
    })
    .join('\n          ');
  const list = top.length ? `<ol>\n          ${rows}\n        </ol>` : '';
  return `<section class="panel" aria-labelledby="top">
        <h2 id="top">${escapeXml(t('cards.share.topRated'))}</h2>
        ${list}
        <p class="raters">${escapeXml(t('cards.page.raters', { raters: report.raters, heldBack: report.heldBack }))}</p>
      </section>`;
}

/**
 * The page a shared link opens, in the given language. For the networks: the card's tags (the card in
 * the same language). For a person: the result, the fans' Man of the Match and top rated in the club's
 * colours, drawn on the server, and the way to rate the next match.
 */
export function sharePageHtml(
  report: MatchReport,
  club: SharePageClub,
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const clubName = club.name;
  const text = cardText(locale);
  const { t } = text;
  const { match, motm } = report;
  const palette = clubPalette(club.colours);
  const goals = clubScore(match);
  const title = t('cards.page.title', {
    club: clubName,
    // The title names the club first, so the score does too, wherever it played.
    score: `${goals.club}–${goals.opponent}`,
    opponent: match.opponent,
  });
  const best = report.players[0];
  const description = [
    motm
      ? t('cards.page.motm', { name: motm.player.name, percentage: text.oneDecimal(motm.percentage) })
      : null,
    best ? t('cards.page.topRated', { name: best.name, average: text.oneDecimal(best.averageRating) }) : null,
    t('cards.page.raters', { raters: report.raters, heldBack: report.heldBack }),
  ]
    .filter(Boolean)
    .join(' ');
  const base = publicUrl.replace(/\/$/, '');
  const lang = `?lang=${locale}`;
  const page = `${base}/share/match/${match.id}${lang}`;
  const image = `${base}/share/match/${match.id}.png${lang}`;
  // oEmbed discovery: a CMS or chat given this link asks there for the card or the match widget.
  const oembed = `${base}/oembed?url=${encodeURIComponent(page)}&format=json`;
  const app = `/matches/${match.id}`;
  // The person's browser fetches the card from where it read the page; the networks need the full address.
  const picture = `/share/match/${match.id}.png${lang}`;
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', t('cards.page.siteName', { club: clubName })],
    ['og:locale', locale],
    ['og:title', title],
    ['og:description', description],
    ['og:url', page],
    ['og:image', image],
    ['og:image:width', String(SHARE_WIDTH)],
    ['og:image:height', String(SHARE_HEIGHT)],
    ['og:image:alt', title],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeXml(content ?? '')}">`)
    .join('\n    ');
  const twitter = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', description],
    ['twitter:image', image],
  ]
    .map(([name, content]) => `<meta name="${name}" content="${escapeXml(content ?? '')}">`)
    .join('\n    ');
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeXml(title)}</title>
    <meta name="description" content="${escapeXml(description)}">
    <meta name="theme-color" content="${palette.club.primary}">
    <link rel="icon" type="image/svg+xml" href="/favicon.svg">
    <link rel="canonical" href="${escapeXml(page)}">
    <link rel="alternate" type="application/json+oembed" href="${escapeXml(oembed)}" title="${escapeXml(title)}">
    ${tags}
    ${twitter}
    <style>${styles(palette)}</style>
  </head>
  <body>
    ${header(club, palette, text)}
    <main>
      ${result(report, clubName, text)}
      ${manOfTheMatch(report, text)}
      ${topRated(report, text)}
      <div class="panel next">
        <p>${escapeXml(t('cards.page.invite'))}</p>
        <a class="button primary" href="/">${escapeXml(t('cards.page.rateNext'))}</a>
        <a class="button secondary" href="${escapeXml(app)}">${escapeXml(t('cards.page.seeAll'))}</a>
      </div>
      <figure>
        <img src="${escapeXml(picture)}" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" alt="${escapeXml(title)}" loading="lazy" decoding="async">
      </figure>
    </main>
  </body>
</html>`;
}
