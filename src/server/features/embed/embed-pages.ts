import type { ClubColours } from '@shared/club-colours';
import { competitionRanks } from '@shared/competition-ranks';
import type { EmbedLive } from '@shared/embed';
import { FRAME_SCRIPT_PATH, LIVE_POLL_MS, matchMinute, type WidgetTheme } from '@shared/embed-widgets';
import { directionOf, intlTag, type Locale } from '@shared/i18n/locales';
import { type MatchReport, matchSides } from '@shared/match-reports';
import type { SeasonTable } from '@shared/seasons';
import type { Team, TeamLine } from '@shared/team-of-the-week';
import { escapeXml } from '../../lib/markup';
import { type CardText, cardText } from '../match-reports/share.service';
import { widgetStyle } from './embed-styles';

/** The club as a widget shows it. */
export interface WidgetClub {
  name: string;
  colours: ClubColours;
}

/** How a widget is drawn: for whom (language), how (theme), for which club. */
export interface WidgetView {
  locale: Locale;
  theme: WidgetTheme;
  club: WidgetClub;
}

/** A drawn widget page and the hash its policy must allow its style by. */
export interface WidgetDocument {
  html: string;
  styleHash: string;
}

const TOP_PLAYERS = 5;
const SEASON_ROWS = 10;

const esc = escapeXml;
/** A name keeps its own direction inside a line that follows the page's (a Latin name in Arabic). */
const bdi = (text: string) => `<bdi>${esc(text)}</bdi>`;
/** Links open on our site in a new tab: the frame never navigates the page that embeds it. */
const link = (href: string, text: string, cls: string) =>
  `<a class="${cls}" href="${esc(href)}" target="_blank" rel="noopener">${esc(text)}</a>`;

function document(view: WidgetView, label: string, body: string, attributes = ''): WidgetDocument {
  const { locale, theme, club } = view;
  const style = widgetStyle(club.colours, theme);
  const title = `${club.name} · ${label}`;
  return {
    styleHash: style.hash,
    html: `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${style.css}</style>
<script src="${FRAME_SCRIPT_PATH}" defer></script>
</head>
<body>
<main class="w"${attributes}>
<header class="bar"><span class="club">${bdi(club.name)}</span><h1 class="tag">${esc(label)}</h1></header>
<div class="in">
${body}
</div>
</main>
</body>
</html>`,
  };
}

function scoreLines(
  match: { homeScore: number; awayScore: number; isHome: boolean | null; opponent: string },
  clubName: string,
  live: boolean,
): string {
  const [home, away] = matchSides(match, clubName);
  const goals = (value: number, side: string) =>
    `<span class="goals"${live ? ` data-${side}` : ''}>${value}</span>`;
  return `<p class="score"><span class="side"><span class="team">${bdi(home.name)}</span> ${goals(home.goals, 'home')}</span><span class="side"><span class="team">${bdi(away.name)}</span> ${goals(away.goals, 'away')}</span></p>`;
}

type Phase = NonNullable<EmbedLive['match']>['phase'];

/**
 * The raters' sentence in each plural form of the language, the count as `{n}`: the page's script words
 * a new count as the server would, with no catalogue of its own (frame.ts). Each form is the message
 * written for a count of that form, the count taken out.
 */
function raterForms(locale: Locale, text: CardText): Record<string, string> {
  const rules = new Intl.PluralRules(intlTag(locale));
  const forms: Record<string, string> = {};
  for (const category of rules.resolvedOptions().pluralCategories)
    for (let n = 0; n <= 1000; n++)
      if (rules.select(n) === category) {
        forms[category] = text.t('embed.live.raters', { count: n }).replace(text.count(n), '{n}');
        break;
      }
  return forms;
}

const raterFormsByLocale = new Map<Locale, { forms: Record<string, string>; attribute: string }>();

/** The sentence of how many fans rated, the count in bold, with every form for the script. */
function ratersLine(locale: Locale, text: CardText, raters: number): string {
  let kept = raterFormsByLocale.get(locale);
  if (!kept) {
    const forms = raterForms(locale, text);
    kept = { forms, attribute: esc(JSON.stringify(forms)) };
    raterFormsByLocale.set(locale, kept);
  }
  const form = kept.forms[new Intl.PluralRules(intlTag(locale)).select(raters)] ?? '{n}';
  const [before = '', after] = form.split('{n}');
  const count = after === undefined ? '' : `<b data-raters>${text.count(raters)}</b>`;
  return `<p class="stat" data-forms="${kept.attribute}">${esc(before)}${count}${esc(after ?? '')}</p>`;
}

function phaseLabel(phase: Phase, text: CardText): string {
  const { t } = text;
  if (phase === 'live') return t('embed.phase.live');
  if (phase === 'half-time') return t('embed.phase.halfTime');
  if (phase === 'full-time') return t('embed.phase.fullTime');
  return t('embed.phase.upcoming');
}

/**
 * The live widget before full time: the phase and clock, the score, how many fans have rated (a count,
 * never a figure of their ratings) and the way to rate. The page's script keeps it current (frame.ts);
 * at full time it is drawn again as the final ratings.
 */
export function liveWidget(view: WidgetView, state: EmbedLive, now = Date.now()): WidgetDocument {
  const text = cardText(view.locale);
  const { t } = text;
  const label = t('embed.live.label');
  const match = state.match;
  if (!match)
    return document(
      view,
      label,
      `<p class="note">${esc(t('embed.live.noMatch'))}</p>`,
      ` data-live data-poll="${LIVE_POLL_MS}"`,
    );
  const { phase } = match;
  const on = phase === 'live' || phase === 'half-time';
  const minute = on ? matchMinute(match.startedAt, phase === 'half-time', now) : null;
  // The clock reads left to right in every language (45+' stays 45+').
  const status = `<span class="pill${on ? ' on' : ''}">${on ? '<span class="dot" aria-hidden="true"></span>' : ''}${esc(phaseLabel(phase, text))}</span>${minute ? ` <span class="minute" dir="ltr" data-minute>${esc(minute === 'HT' ? '' : minute)}</span>` : ''}`;
  const when =
    phase === 'upcoming'
      ? `<p class="small">${esc(t('embed.live.kickOff', { when: [match.scheduledDate ? text.day(match.scheduledDate) : null, match.kickOffTime].filter(Boolean).join(' · ') }))}</p>`
      : '';
  const raters = match.raters === null ? '' : ratersLine(view.locale, text, match.raters);
  const call =
    phase === 'upcoming'
      ? `<p class="note">${esc(t('embed.live.opens'))}</p>${link('/', t('cards.page.rateNext'), 'button')}`
      : phase === 'full-time'
        ? `<p class="note">${esc(t('embed.live.counting'))}</p>`
        : `<p class="note">${esc(t('embed.live.hidden'))}</p>${link('/', t('embed.live.rateNow'), 'button')}`;
  const body = `<div class="row"><span>${status}</span><span class="small">${bdi(match.tournament)}</span></div>
${scoreLines(match, view.club.name, true)}
${when}${raters}
${call}`;
  const started = match.startedAt ? ` data-started="${esc(match.startedAt)}"` : '';
  return document(
    view,
    label,
    body,
    ` data-live data-poll="${LIVE_POLL_MS}" data-match="${match.id}" data-phase="${phase}"${started}`,
  );
}

function topPlayers(report: MatchReport, text: CardText): string {
  const top = report.players.slice(0, TOP_PLAYERS);
  const ranks = competitionRanks(top.map((p) => p.averageRating));
  const rows = top
    .map((p, i) => {
      const rank = ranks[i] ?? i + 1;
      return `<li><span class="rank${rank === 1 ? ' first' : ''}">${rank}</span><span class="who">${bdi(p.name)}</span><span class="avg"><span class="sr">${esc(text.t('cards.page.average'))} </span>${text.oneDecimal(p.averageRating)}</span></li>`;
    })
    .join('');
  return top.length ? `<ol>${rows}</ol>` : '';
}

/**
 * An ended match's final verdict: the result, the fans' Man of the Match and the best rated, from the
 * public report. `attributes` keeps the live widget's data when it draws this at full time.
 */
export function matchWidget(view: WidgetView, report: MatchReport, attributes = ''): WidgetDocument {
  const text = cardText(view.locale);
  const { t } = text;
  const { match, motm } = report;
  const motmBlock = motm
    ? `<div class="motm"><span class="star" aria-hidden="true">★</span><p><span class="name">${bdi(motm.player.name)}</span><br><span class="small">${esc(t('cards.share.motmShare', { percentage: text.oneDecimal(motm.percentage), joint: motm.tiedWith.length ? 'yes' : 'no' }))}</span></p></div>`
    : `<p class="note">${esc(t('cards.share.noMotm'))}</p>`;
  const body = `<div class="row"><span class="pill">${esc(t('embed.phase.fullTime'))}</span><span class="small">${[match.tournament, text.day(match.playedOn)].filter(Boolean).map(bdi).join(' · ')}</span></div>
${scoreLines(match, view.club.name, false)}
<h2>${esc(t('cards.share.motmHeading'))}</h2>
${motmBlock}
<h2>${esc(t('cards.share.topRated'))}</h2>
${topPlayers(report, text)}
<p class="small">${esc(t('cards.page.raters', { raters: report.raters, heldBack: report.heldBack }))}</p>
${link(`/matches/${match.id}`, t('cards.page.seeAll'), 'more')}`;
  return document(view, t('cards.share.fanRatings'), body, attributes);
}

/** A widget with nothing to show yet (a match not ended, a season with no ended match). */
export function emptyWidget(
  view: WidgetView,
  label: string,
  message: string,
  attributes = '',
): WidgetDocument {
  return document(view, label, `<p class="note">${esc(message)}</p>`, attributes);
}

/** The labels of the kinds of widget with nothing to show, in the widget's language. */
export const widgetLabels = (locale: Locale) => {
  const { t } = cardText(locale);
  return {
    live: t('embed.live.label'),
    match: t('cards.share.fanRatings'),
    matchPending: t('embed.match.pending'),
    season: t('embed.season.heading'),
    seasonEmpty: t('embed.season.empty'),
    team: t('embed.team.heading'),
    teamEmpty: t('embed.team.empty'),
  };
};

/** A season's table: the ranked players, best first, with their average and matches rated. */
export function seasonWidget(view: WidgetView, table: SeasonTable): WidgetDocument {
  const text = cardText(view.locale);
  const { t } = text;
  const ranked = table.players.filter((p) => p.rank !== null).slice(0, SEASON_ROWS);
  const rows = ranked
    .map(
      (p) =>
        `<li><span class="rank${p.rank === 1 ? ' first' : ''}">${p.rank}</span><span class="who">${bdi(p.player.name)}</span><span class="sub">${esc(t('embed.season.matches', { count: p.matchesRated }))}</span><span class="avg"><span class="sr">${esc(t('cards.page.average'))} </span>${text.oneDecimal(p.averageRating)}</span></li>`,
    )
    .join('');
  const body = `<div class="row"><span class="pill">${bdi(table.season.label)}</span><span class="small">${esc(t('embed.season.minimum', { count: table.minimumMatches }))}</span></div>
${ranked.length ? `<ol>${rows}</ol>` : `<p class="note">${esc(t('embed.season.empty'))}</p>`}
${link(`/season/${table.season.slug}`, t('embed.season.seeAll'), 'more')}`;
  return document(view, t('embed.season.heading'), body);
}

const LINES: readonly TeamLine[] = ['goalkeeper', 'defender', 'midfielder', 'forward'];

/** The fans' Team of the Week: the formation, each line best first, and the manager beside. */
export function teamWidget(view: WidgetView, team: Team): WidgetDocument {
  const text = cardText(view.locale);
  const { t } = text;
  const label = t('embed.team.heading');
  if (!team.players.length) return emptyWidget(view, label, t('embed.team.empty'));
  const lineName: Record<TeamLine, string> = {
    goalkeeper: t('embed.team.goalkeeper'),
    defender: t('embed.team.defenders'),
    midfielder: t('embed.team.midfielders'),
    forward: t('embed.team.forwards'),
  };
  const row = (name: string, average: number) =>
    `<li><span class="who">${bdi(name)}</span><span class="avg"><span class="sr">${esc(t('cards.page.average'))} </span>${text.oneDecimal(average)}</span></li>`;
  const lines = LINES.map((line) => {
    const players = team.players.filter((p) => p.line === line);
    return players.length
      ? `<div class="line"><h2>${esc(lineName[line])}</h2><ol>${players.map((p) => row(p.name, p.averageRating)).join('')}</ol></div>`
      : '';
  }).join('');
  const manager = team.manager
    ? `<div class="line"><h2>${esc(t('embed.team.manager'))}</h2><ol>${row(team.manager.name, team.manager.averageRating)}</ol></div>`
    : '';
  const period = team.period
    ? [team.period.from, team.period.to].map((day) => text.day(day)).join(' – ')
    : '';
  const body = `<div class="row">${team.formation ? `<span class="pill">${esc(team.formation)}</span>` : ''}<span class="small">${esc(period)}</span></div>
${lines}${manager}
${link('/team-of-the-week', t('embed.team.seeAll'), 'more')}`;
  return document(view, label, body);
}
