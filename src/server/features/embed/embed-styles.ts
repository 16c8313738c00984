import { createHash } from 'node:crypto';
import type { ClubColours } from '@shared/club-colours';
import { CARD_ACCENT, clubPalette, contrastRatio, mix, TEXT_CONTRAST, textOn } from '@shared/club-palette';
import type { WidgetTheme } from '@shared/embed-widgets';

/** The light theme's neutrals, as the shared page's: muted text at 7:1 on white. */
const INK = '#1a1a1a';
const MUTED = '#575757';
const LINE = '#e4e4e7';
const WHITE = '#ffffff';

/** One theme's colours, each named for where the widgets use it. */
export interface WidgetColours {
  /** The page, and text on it. */
  bg: string;
  ink: string;
  muted: string;
  line: string;
  /** The club's band across the top, and its text. */
  bar: string;
  barInk: string;
  /** Figures (scores, averages) in the club's colour, and the rank circles. */
  figure: string;
  soft: string;
  softInk: string;
  /** The call to rate, and its text. */
  button: string;
  buttonInk: string;
  /** The Man of the Match's and the leader's mark, and its text. */
  gold: string;
  goldInk: string;
}

/**
 * Both themes from the club's two colours. Light: white, the band in the club's primary as chosen, figures
 * in its darkened text shade (4.5:1 on white). Dark: the club's dark band colour throughout (white at 7:1,
 * muted at 4.5:1), figures in gold where gold reads, else white.
 */
export function widgetColours(colours: ClubColours, theme: 'light' | 'dark'): WidgetColours {
  const { club, light, dark } = clubPalette(colours);
  const goldInk = textOn(CARD_ACCENT);
  if (theme === 'light')
    return {
      bg: WHITE,
      ink: INK,
      muted: MUTED,
      line: LINE,
      bar: club.primary,
      barInk: club.primaryInk,
      figure: light.primaryText,
      soft: light.primarySoft,
      softInk: light.primaryText,
      button: light.primary,
      buttonInk: light.primaryForeground,
      gold: CARD_ACCENT,
      goldInk,
    };
  const bg = dark.deep;
  const soft = mix(bg, WHITE, 0.14);
  const figure = [CARD_ACCENT, WHITE].find((c) => contrastRatio(c, bg) >= TEXT_CONTRAST) ?? WHITE;
  return {
    bg,
    ink: WHITE,
    muted: dark.muted,
    line: mix(bg, WHITE, 0.2),
    bar: dark.chrome,
    barInk: WHITE,
    figure,
    soft,
    softInk: textOn(soft),
    button: dark.accent,
    buttonInk: dark.accentForeground,
    gold: CARD_ACCENT,
    goldInk,
  };
}

function variables(c: WidgetColours): string {
  return [
    `--bg:${c.bg}`,
    `--ink:${c.ink}`,
    `--muted:${c.muted}`,
    `--line:${c.line}`,
    `--bar:${c.bar}`,
    `--bar-ink:${c.barInk}`,
    `--fig:${c.figure}`,
    `--soft:${c.soft}`,
    `--soft-ink:${c.softInk}`,
    `--btn:${c.button}`,
    `--btn-ink:${c.buttonInk}`,
    `--gold:${c.gold}`,
    `--gold-ink:${c.goldInk}`,
  ].join(';');
}

/**
 * The widgets' whole style: small, no web font, logical properties (the same rules lay Arabic out right
 * to left), nothing wider than its frame from 280 px up. `auto` follows the reader's own setting.
 */
function css(colours: ClubColours, theme: WidgetTheme): string {
  const lightVars = variables(widgetColours(colours, 'light'));
  const darkVars = variables(widgetColours(colours, 'dark'));
  const root =
    theme === 'auto'
      ? `:root{color-scheme:light dark;${lightVars}}@media (prefers-color-scheme:dark){:root{${darkVars}}}`
      : `:root{color-scheme:${theme};${theme === 'light' ? lightVars : darkVars}}`;
  return `${root}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Tahoma,Arial,sans-serif;overflow-wrap:anywhere}
.w{border:1px solid var(--line);border-radius:12px;overflow:hidden;background:var(--bg)}
.bar{display:flex;align-items:center;justify-content:space-between;gap:.5rem;flex-wrap:wrap;padding:.5rem .875rem;background:var(--bar);color:var(--bar-ink)}
.club{font-weight:800;min-inline-size:0}
.tag{margin:0;font-size:.8125rem;font-weight:600}
.in{padding:.75rem .875rem .875rem;display:grid;gap:.625rem}
.row{display:flex;align-items:center;justify-content:space-between;gap:.5rem;flex-wrap:wrap}
.pill{display:inline-flex;align-items:center;gap:.375rem;padding:.125rem .5rem;border-radius:999px;background:var(--soft);color:var(--soft-ink);font-size:.8125rem;font-weight:700}
.pill.on{background:var(--btn);color:var(--btn-ink)}
.dot{inline-size:.5rem;block-size:.5rem;border-radius:50%;background:currentColor}
.small{font-size:.8125rem;color:var(--muted);margin:0}
.score{display:grid;gap:.25rem;margin:0}
.side{display:flex;align-items:center;justify-content:space-between;gap:.75rem}
.team{min-inline-size:0;font-size:1.0625rem;font-weight:700;line-height:1.25}
.goals{flex:none;font-size:1.75rem;font-weight:900;line-height:1.1;color:var(--fig);font-variant-numeric:tabular-nums}
.stat{margin:0;color:var(--muted);font-size:.9375rem}
.stat b{font-size:1.375rem;line-height:1;color:var(--fig);font-variant-numeric:tabular-nums}
.note{margin:0;color:var(--muted);font-size:.875rem}
.button{display:flex;align-items:center;justify-content:center;min-block-size:2.75rem;padding:.5rem 1rem;border-radius:10px;background:var(--btn);color:var(--btn-ink);font-weight:700;text-align:center;text-decoration:none}
.button:focus-visible,a:focus-visible{outline:3px solid var(--ink);outline-offset:2px}
a{color:inherit}
.more{font-weight:600;font-size:.875rem}
h2{margin:0;font-size:.8125rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
:lang(ar) h2{letter-spacing:0}
.motm{display:flex;align-items:center;gap:.625rem}
.star{flex:none;display:grid;place-items:center;inline-size:2rem;block-size:2rem;border-radius:50%;background:var(--gold);color:var(--gold-ink);font-weight:900}
.motm p{margin:0}
.name{font-weight:700}
ol{list-style:none;margin:0;padding:0}
li{display:flex;align-items:center;gap:.625rem;padding-block:.375rem;border-block-start:1px solid var(--line)}
li:first-child{border-block-start:0}
.rank{flex:none;display:grid;place-items:center;inline-size:1.75rem;block-size:1.75rem;border-radius:50%;background:var(--soft);color:var(--soft-ink);font-weight:800;font-size:.8125rem}
.rank.first{background:var(--gold);color:var(--gold-ink)}
/* Names wrap rather than lose letters: a cut Latin name in an Arabic row loses its start. */
.who{flex:1;min-inline-size:0;font-weight:600;line-height:1.3}
.sub{flex:none;font-size:.8125rem;color:var(--muted);font-variant-numeric:tabular-nums}
.avg{flex:none;font-weight:800;color:var(--fig);font-variant-numeric:tabular-nums;min-inline-size:2.25rem;text-align:end}
.line h2{margin:.25rem 0 0;font-size:.75rem;text-transform:none;letter-spacing:0}
.sr{position:absolute;inline-size:1px;block-size:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`;
}

export interface WidgetStyle {
  css: string;
  /** The CSP source that allows exactly this style block. */
  hash: string;
}

const styles = new Map<string, WidgetStyle>();

/** The style of one palette and theme, made once: the page carries it inline, the policy names its hash. */
export function widgetStyle(colours: ClubColours, theme: WidgetTheme): WidgetStyle {
  const key = `${colours.primary}${colours.secondary}${theme}`;
  let style = styles.get(key);
  if (!style) {
    const text = css(colours, theme);
    style = { css: text, hash: `sha256-${createHash('sha256').update(text).digest('base64')}` };
    // A club changes its colours rarely; a bound keeps a bad day of edits from growing it.
    if (styles.size > 100) styles.clear();
    styles.set(key, style);
  }
  return style;
}
