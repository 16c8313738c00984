/**
 * The script every widget page runs, inside its frame on another site (served as /embed/frame.js). It
 * tells the loader (embed.ts) its height and title, and keeps the live widget current: it asks the
 * shared live read no more often than the page says (LIVE_POLL_MS, never less), not at all while the
 * reader's tab is hidden, and without cookies. A change of phase or match draws the page again (the
 * server draws each phase, full time as the final ratings); the score and the count change in place.
 */
import type { EmbedLive } from '@shared/embed';
import { HEIGHT_MESSAGE, type HeightMessage, LIVE_POLL_MS, matchMinute } from '@shared/embed-widgets';

const root = document.querySelector<HTMLElement>('main');

function postHeight(): void {
  if (window.parent === window) return;
  const message: HeightMessage = {
    type: HEIGHT_MESSAGE,
    height: Math.ceil(document.documentElement.getBoundingClientRect().height),
    title: document.title,
  };
  // Only a height and a title, which the embedding page may see: any page may receive them.
  window.parent.postMessage(message, '*');
}

new ResizeObserver(postHeight).observe(document.documentElement);

function setText(selector: string, value: string): void {
  const element = root?.querySelector(selector);
  if (element && element.textContent !== value) element.textContent = value;
}

function follow(page: HTMLElement): void {
  const { match, phase, started } = page.dataset;
  const every = Math.max(LIVE_POLL_MS, Number(page.dataset.poll) || LIVE_POLL_MS);
  // Latin digits in Arabic, as the server writes them.
  const tag = document.documentElement.lang === 'ar' ? 'ar-u-nu-latn' : document.documentElement.lang;
  const counts = new Intl.NumberFormat(tag);
  const plurals = new Intl.PluralRules(tag);
  const line = page.querySelector<HTMLElement>('[data-forms]');
  const forms = JSON.parse(line?.dataset.forms ?? '{}') as Record<string, string>;
  let shown: number | null = null;

  /** The raters' sentence in the form the count takes, the count in bold (the server's words, frame-side). */
  const setRaters = (raters: number) => {
    if (!line || raters === shown) return;
    shown = raters;
    const [before = '', after] = (forms[plurals.select(raters)] ?? '{n}').split('{n}');
    const parts: (string | Node)[] = [before];
    if (after !== undefined) {
      const count = document.createElement('b');
      count.dataset.raters = '';
      count.textContent = counts.format(raters);
      parts.push(count, after);
    }
    line.replaceChildren(...parts);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = () => {
    if (phase === 'live' && started) setText('[data-minute]', matchMinute(started, false, Date.now()) ?? '');
  };

  const ask = async () => {
    timer = undefined;
    try {
      const answer = await fetch('/api/embed/live', { credentials: 'omit' });
      if (answer.ok) {
        const { match: now } = (await answer.json()) as EmbedLive;
        if (String(now?.id ?? '') !== (match ?? '') || (now && now.phase !== phase)) {
          location.reload();
          return;
        }
        if (now) {
          setText('[data-home]', String(now.homeScore));
          setText('[data-away]', String(now.awayScore));
          if (now.raters !== null) setRaters(now.raters);
        }
        tick();
      }
    } catch {
      // Offline for a moment: the next turn asks again.
    }
    schedule();
  };

  // A little later than the cached answer's age, so the next ask finds a new one.
  const schedule = () => {
    if (timer === undefined && document.visibilityState === 'visible')
      timer = setTimeout(ask, every + Math.random() * 2000);
  };

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') schedule();
    else if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  });
  setInterval(tick, 20_000);
  schedule();
}

if (root?.dataset.live !== undefined) follow(root);
