import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { directionOf, type Locale } from '../../src/shared/i18n/locales';
import type { Player } from '../../src/shared/players';
import { expect, expectAccessible, registerVerified, signInAndConsent, test } from './support/fixtures';
import { startMatchAsAdmin } from './support/match-day';

/**
 * The whole fan vote in French and in Arabic at 390x844: sign in, rate every player and the manager, pick
 * the Man of the Match, submit, read the results. Each screen is in the fan's language (`lang`, `dir`), has
 * no English left on it, lays out without overlaps or sideways scrolling, and passes axe. Screenshots go to
 * test-results/languages/<locale>-<step>.png.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CATALOGS = path.join(ROOT, 'src/shared/i18n/catalogs');
const SHOTS = path.join(ROOT, 'test-results/languages');
const PASSWORD = 'languages-fan-password';

type Catalog = Record<string, string>;

/** A language's catalogue, every area's file merged (`except` leaves files out). */
function readCatalog(locale: Locale, except: string[] = []): Catalog {
  const dir = path.join(CATALOGS, locale);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((file) => file.endsWith('.json') && !except.includes(file))
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalog),
  );
}

const CATALOG: Record<Locale, Catalog> = {
  en: readCatalog('en'),
  fr: readCatalog('fr'),
  es: readCatalog('es'),
  ar: readCatalog('ar'),
};

/** A message in `locale` by its key, with its simple `{name}` arguments filled in. */
function msg(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const text = CATALOG[locale][key];
  if (text === undefined) throw new Error(`no "${key}" in the ${locale} catalogue`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The literal text of a message: what is left between its ICU arguments (`{...}`) and its tags (`<0>`). */
function literalChunks(message: string): string[] {
  const chunks: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < message.length; i++) {
    const char = message[i];
    if (char === '{') {
      if (depth === 0) {
        chunks.push(current);
        current = '';
      }
      depth += 1;
    } else if (char === '}') {
      depth = Math.max(depth - 1, 0);
    } else if (depth === 0) {
      current += char;
    }
  }
  chunks.push(current);
  return chunks.flatMap((chunk) => chunk.split(/<\/?\d+\/?>/));
}

/** Leading and trailing punctuation and spaces off, inner spaces collapsed. */
function core(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();
}

function wordPattern(phrase: string): RegExp {
  const escaped = phrase
    .split(' ')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
}

/** A message's words, its argument names, ICU keywords and tags left out (`{count, plural, one {# x}}` is `# x`). */
function wordsOf(message: string): string {
  return message
    .replace(
      /\{\s*\w+\s*(?:,\s*(?:plural|selectordinal|select|number|date|time)\s*(?:,[^{}]*?)?)?(?=[{}])/g,
      '{',
    )
    .replace(/(?<!\w)(?:=\d+|zero|one|two|few|many|other)\s*\{/g, '{')
    .replace(/<\/?\d+\/?>|[{}]/g, ' ');
}

const ADMIN_AREAS = ['admin.json', 'admin-match.json', 'admin-squad.json'];
const englishLists = new Map<Locale, { key: string; text: string; pattern: RegExp }[]>();

/**
 * The English the page must not show in `locale`: every English value (bar mails and error codes) whose
 * translation differs, with two words or more, or one word of 5 letters or more; of a value with ICU
 * arguments, its literal chunks of two words or more. A phrase the language's own catalogue uses too (the
 * fan's screens', not the admin's) is left out: it is good French as well (`Score`, `Information`).
 */
function englishToCatchIn(locale: Locale): { key: string; text: string; pattern: RegExp }[] {
  const cached = englishLists.get(locale);
  if (cached) return cached;
  const english = readCatalog('en', ['mail.json', 'errors.json']);
  const own = CATALOG[locale];
  // What the fan's screens say in the language itself (the admin's hold product names: Google Tag Manager).
  const ownText = Object.values(readCatalog(locale, [...ADMIN_AREAS, 'mail.json', 'errors.json']))
    .map(wordsOf)
    .join('\n');
  const seen = new Set<string>();
  const list: { key: string; text: string; pattern: RegExp }[] = [];
  for (const [key, value] of Object.entries(english)) {
    if (own[key] === value) continue;
    const hasArguments = value.includes('{');
    for (const chunk of literalChunks(value)) {
      const text = core(chunk);
      const words = text.split(' ').filter((word) => /\p{L}/u.test(word));
      const wanted =
        words.length >= 2 ||
        (!hasArguments && words.length === 1 && (words[0]?.replace(/[^\p{L}]/gu, '').length ?? 0) >= 5);
      if (!wanted || seen.has(text.toLowerCase())) continue;
      const pattern = wordPattern(text);
      if (pattern.test(ownText)) continue;
      seen.add(text.toLowerCase());
      list.push({ key, text, pattern });
    }
  }
  englishLists.set(locale, list);
  return list;
}

/** The English phrases in `text` (server data, such as player and club names, taken out first). */
function englishIn(text: string, locale: Locale, serverData: string[]): string[] {
  let screen = text.replace(/\s+/g, ' ');
  for (const name of [...serverData].sort((a, b) => b.length - a.length))
    screen = screen.split(name).join(' ');
  return englishToCatchIn(locale)
    .filter(({ pattern }) => pattern.test(screen))
    .map(({ key, text: phrase }) => `"${phrase}" (${key})`);
}

interface LayoutProblems {
  scrollWidth: number;
  overlaps: string[];
}

/**
 * Visible interactive elements whose boxes overlap (one inside the other is a nesting, not an overlap;
 * a fixed or sticky layer such as the bottom bar is compared within itself, as the page scrolls under it),
 * and the document's width.
 */
async function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="combobox"], [role="radio"]';
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ||
        (element as HTMLElement).innerText?.replace(/\s+/g, ' ').trim() ||
        element.getAttribute('title') ||
        element.id;
      return `${element.tagName.toLowerCase()} "${(name ?? '').slice(0, 50)}"`;
    };
    const layerOf = (element: Element): Element | null => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return node;
      }
      return null;
    };
    const items = Array.from(document.querySelectorAll(selector))
      .filter((element) => {
        if (element.closest('[aria-hidden="true"], [inert], [hidden]')) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        const rect = element.getBoundingClientRect();
        return rect.width > 2 && rect.height > 2;
      })
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const layer = layerOf(element);
        const dx = layer ? 0 : window.scrollX;
        const dy = layer ? 0 : window.scrollY;
        return {
          element,
          layer,
          left: rect.left + dx,
          right: rect.right + dx,
          top: rect.top + dy,
          bottom: rect.bottom + dy,
        };
      });
    type Item = (typeof items)[number];
    const inside = (inner: Item, outer: Item) =>
      inner.left >= outer.left - 1 &&
      inner.right <= outer.right + 1 &&
      inner.top >= outer.top - 1 &&
      inner.bottom <= outer.bottom + 1;
    /** A field's text area: its box less its padding, where a button laid on the field must not reach. */
    const textArea = (field: Item) => {
      const style = getComputedStyle(field.element);
      return {
        ...field,
        left: field.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft),
        right:
          field.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight),
      };
    };
    const isField = (item: Item) => item.element.matches('input, textarea');
    const overlaps: string[] = [];
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        let a = items[i];
        let b = items[j];
        if (!a || !b || a.layer !== b.layer) continue;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        // A button laid on a field (show password) sits in the field's padding, on the side the text ends.
        if (isField(a) && inside(b, a)) a = textArea(a);
        else if (isField(b) && inside(a, b)) b = textArea(b);
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > 1 && height > 1)
          overlaps.push(
            `${describe(a.element)} and ${describe(b.element)} overlap by ${Math.round(width)}x${Math.round(height)}`,
          );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, overlaps };
  });
}

/** One screen of the flow, checked and kept as a full-page screenshot. */
async function checkScreen(page: Page, locale: Locale, step: string, serverData: string[]) {
  const context = `${locale}: ${step}`;
  const html = page.locator('html');
  await expect(html, `lang on ${context}`).toHaveAttribute('lang', locale);
  await expect(html, `dir on ${context}`).toHaveAttribute('dir', directionOf(locale));
  const english = englishIn(await page.evaluate(() => document.body.innerText), locale, serverData);
  for (const phrase of english)
    test.info().annotations.push({ type: `English on ${context}`, description: phrase });
  expect.soft(english, `English left on ${context}`).toEqual([]);

  const layout = await layoutProblems(page);
  for (const overlap of layout.overlaps)
    test.info().annotations.push({ type: `overlap on ${context}`, description: overlap });
  expect.soft(layout.overlaps, `overlapping controls on ${context}`).toEqual([]);
  expect.soft(layout.scrollWidth, `document width on ${context}`).toBeLessThanOrEqual(390);

  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${locale}-${step}.png`), fullPage: true });
  await expectAccessible(page, context);
}

const FANS: { locale: Locale; browserLocale: string; opponent: string }[] = [
  { locale: 'fr', browserLocale: 'fr-FR', opponent: 'Olympique Lyonnais' },
  { locale: 'ar', browserLocale: 'ar', opponent: 'Al Ahly' },
];

// The whole vote, at 390x844 (the phone project).
for (const { locale, browserLocale, opponent } of FANS) {
  test.describe(`a fan whose browser reads ${browserLocale}`, () => {
    test.use({ locale: browserLocale });

    test(`the whole fan vote in ${locale} at 390x844: every screen in ${locale}, no English, no overlap, axe-clean`, async ({
      page,
      server,
      uniqueEmail,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => navigator.languages[0])).toBe(browserLocale);
      const t = (key: string, values?: Record<string, string | number>) => msg(locale, key, values);

      const live = await startMatchAsAdmin(baseURL as string, opponent);
      try {
        const star = live.starters[0] as Player;
        const fanName = 'Fan Langues';
        const serverData = [
          fanName,
          live.match.title,
          live.match.opponent,
          ...live.available.map((player) => player.name),
        ].filter((text): text is string => typeof text === 'string' && text.length > 0);

        // Sign in, in the browser's language.
        const email = uniqueEmail();
        await registerVerified(page, server, email, PASSWORD, fanName);
        await page.goto('/signin');
        await expect(page.getByRole('button', { name: t('auth.signIn.submit'), exact: true })).toBeVisible();
        await checkScreen(page, locale, 'signin', serverData);
        await page.getByLabel(t('auth.emailLabel'), { exact: true }).fill(email);
        await page.getByLabel(t('auth.passwordLabel'), { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
        await expect(page).toHaveURL(/\/$/);

        // The consent prompt.
        const consent = page.getByRole('dialog', { name: t('account.consent.title') });
        await expect(consent).toBeVisible();
        await expect(consent.getByRole('button', { name: t('account.consent.accept') })).toBeVisible();
        await checkScreen(page, locale, 'consent', serverData);
        await consent.getByRole('button', { name: t('account.consent.accept') }).click();
        await expect(consent).toBeHidden();

        // The voting screen, before rating.
        await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
        const progress = page.getByRole('region', { name: t('voting.progress.title') });
        await expect(progress).toBeVisible();
        const submit = progress.getByRole('button', { name: t('voting.submit.submitVote') });
        await expect(submit).toBeDisabled();
        await expect(page.getByRole('heading', { name: t('voting.board.ratePlayers') })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await checkScreen(page, locale, 'before', serverData);

        // Rate every player and the manager, pick the Man of the Match.
        for (const player of live.available) {
          const value = player.id === star.id ? 10 : 7;
          const key = page.getByRole('button', {
            name: t('voting.card.rateValue', { name: player.name, value }),
            exact: true,
          });
          await key.click();
          await expect(key).toHaveAttribute('aria-pressed', 'true');
        }
        await expect(page.getByTestId('vote-progress-announcement')).toHaveText(
          t('voting.progress.announcement', {
            completed: live.available.length,
            total: live.available.length,
          }),
        );
        // No Man of the Match for the manager.
        await expect(
          page.getByRole('button', { name: t('voting.motm.selectLabel', { name: live.manager.name }) }),
        ).toHaveCount(0);
        const motm = page.getByRole('button', {
          name: t('voting.motm.selectLabel', { name: star.name }),
          exact: true,
        });
        await motm.click();
        await expect(motm).toHaveAttribute('aria-pressed', 'true');
        await expect(progress).toContainText(star.name);
        await expect(submit).toBeEnabled();
        await expect(submit).toHaveAccessibleDescription(t('voting.progress.allSet'));
        await checkScreen(page, locale, 'rated', serverData);

        // Submit the final vote: the confirmation (the toast) and the fan's result in view.
        await submit.click();
        const confirmation = page.getByText(t('voting.toast.voteSuccess')).first();
        await expect(confirmation).toBeVisible();
        // The pointer on the toast pauses its timer: it stays for the checks of this screen.
        await confirmation.hover();
        await expect(progress).toHaveCount(0);
        const result = page.locator('#motm-card');
        await expect(result).toBeInViewport();
        await expect(result.getByText(star.name).first()).toBeVisible();
        await expect(confirmation).toBeVisible();
        await checkScreen(page, locale, 'submitted', serverData);

        // The results: the leaderboard, and the fan's ratings as one table in place of the keys (the toast gone).
        await page.mouse.move(195, 300);
        await expect(confirmation).toBeHidden({ timeout: 20_000 });
        const leaderboard = page.getByRole('heading', { name: t('results.leaderboard.title') });
        await expect(leaderboard).toBeVisible();
        // 10.0 in the language's own figures (Arabic keeps Latin digits: 10.0; French writes 10,0).
        await expect(page.locator(`li[data-reorder-key="${star.id}"]`)).toContainText(/10[.,]0/);
        await expect(page.getByRole('heading', { name: t('voting.board.yourRatings') })).toBeVisible();
        await expect(page.getByRole('table', { name: t('voting.mine.caption') })).toBeVisible();
        await expect(
          page.getByRole('button', { name: t('voting.card.rateValue', { name: star.name, value: 3 }) }),
        ).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await leaderboard.scrollIntoViewIfNeeded();
        await checkScreen(page, locale, 'results', serverData);
      } finally {
        await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
        await live.admin.dispose();
      }
    });
  });
}

test.describe('the language switcher', () => {
  test.use({ locale: 'en-GB' });

  test('switching from English to Arabic in the header flips the page to rtl, changes its words and is remembered', async ({
    page,
    server,
    uniqueEmail,
  }) => {
    // The header (and its switcher) is the signed-in page's: the signed-out home is the sign-in card.
    const email = uniqueEmail();
    await registerVerified(page, server, email, PASSWORD);
    await signInAndConsent(page, email, PASSWORD);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    const englishNav = page.getByRole('navigation', { name: msg('en', 'common.nav.label'), exact: true });
    await expect(englishNav.getByRole('link', { name: msg('en', 'common.nav.matches') })).toBeVisible();
    // The English detector of the fan-vote tests sees the English page for what it is.
    expect(englishIn(await page.evaluate(() => document.body.innerText), 'ar', [])).not.toEqual([]);

    const header = page.getByRole('banner');
    await header
      .getByRole('combobox', { name: msg('en', 'common.language.label'), exact: true })
      .selectOption('ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    const arabicNav = page.getByRole('navigation', { name: msg('ar', 'common.nav.label'), exact: true });
    await expect(arabicNav.getByRole('link', { name: msg('ar', 'common.nav.matches') })).toBeVisible();
    await expect(arabicNav).toContainText(msg('ar', 'common.nav.season'));
    await expect(englishNav).toHaveCount(0);
    await expect(
      header.getByRole('combobox', { name: msg('ar', 'common.language.label'), exact: true }),
    ).toHaveValue('ar');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'switch-en-to-ar.png'), fullPage: true });
    // Kept on the account too, for the fan's other devices and their mails.
    await expect
      .poll(async () => {
        const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { locale?: string } };
        return me.user.locale;
      })
      .toBe('ar');

    // Remembered: after a reload the page starts in Arabic.
    await page.reload();
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(arabicNav.getByRole('link', { name: msg('ar', 'common.nav.matches') })).toBeVisible();
    await expect(
      header.getByRole('combobox', { name: msg('ar', 'common.language.label'), exact: true }),
    ).toHaveValue('ar');
    expect(await page.evaluate(() => localStorage.getItem('matchday_locale'))).toBe('ar');
    await page.screenshot({ path: path.join(SHOTS, 'switch-ar-after-reload.png'), fullPage: true });
  });
});

test.describe('a language picked before signing in', () => {
  test.use({ locale: 'en-GB' });

  test('is the one the account keeps: the fan picks Spanish on the sign-in screen of an English account', async ({
    page,
    server,
    uniqueEmail,
  }) => {
    const email = uniqueEmail();
    // An account that reads English (chosen on another device, say).
    await registerVerified(page, server, email, PASSWORD);
    expect((await page.request.put('/api/account/locale', { data: { locale: 'en' } })).status()).toBe(200);
    const accountLocale = async () =>
      ((await (await page.request.get('/api/auth/me')).json()) as { user: { locale?: string } }).user.locale;
    expect(await accountLocale()).toBe('en');
    await page.context().clearCookies();

    await page.goto('/signin');
    const html = page.locator('html');
    await page
      .getByRole('combobox', { name: msg('en', 'common.language.label'), exact: true })
      .selectOption('es');
    await expect(html).toHaveAttribute('lang', 'es');
    await page.getByLabel(msg('es', 'auth.emailLabel'), { exact: true }).fill(email);
    await page.getByLabel(msg('es', 'auth.passwordLabel'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: msg('es', 'auth.signIn.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    // The choice just made wins over the account's older one, and the account keeps it.
    await expect.poll(accountLocale).toBe('es');
    await expect(html).toHaveAttribute('lang', 'es');
    await page.reload();
    await expect(html).toHaveAttribute('lang', 'es');
  });
});
