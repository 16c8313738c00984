import { gzipSync } from 'node:zlib';
import { contrastRatio } from '@shared/club-palette';
import type { EmbedLive, OembedAnswer } from '@shared/embed';
import { matchMinute } from '@shared/embed-widgets';
import type { Player } from '@shared/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { embedScript } from './embed-scripts';
import { widgetColours } from './embed-styles';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The widget pages, as other sites frame them. */
const PAGES = ['/embed/live', '/embed/season', '/embed/team-of-the-week'];

/** The policy's `frame-ancestors` sources. */
function frameAncestors(policy: unknown): string {
  return /frame-ancestors ([^;]+)/.exec(String(policy))?.[1]?.trim() ?? '';
}

describe('the admin list of sites that may frame the widgets', () => {
  it('is empty by default, so every widget page says frame-ancestors none; an admin edits it at once', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Leeds' });
    const fan = await createFan(t);
    for (const url of PAGES) {
      const page = await get(url);
      expect(page.statusCode, url).toBeLessThan(500);
      expect(frameAncestors(page.headers['content-security-policy']), url).toBe("'none'");
      // The page's own no-framing header would refuse every site whatever the list says: not on these.
      expect(page.headers['x-frame-options'], url).toBeUndefined();
    }
    expect((await live.admin.api.get('/api/admin/embed-sites')).body).toEqual({ origins: [] });

    // Only an admin reads or writes it.
    expect((await client(t).get('/api/admin/embed-sites')).status).toBe(401);
    expect((await fan.api.get('/api/admin/embed-sites')).status).toBe(403);
    expect((await fan.api.put('/api/admin/embed-sites', { origins: ['https://evil.example'] })).status).toBe(
      403,
    );

    const saved = await live.admin.api.put('/api/admin/embed-sites', {
      origins: [
        'https://News.Example.com/',
        'https://*.partner.example',
        'http://localhost:3600',
        'https://news.example.com',
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      origins: ['https://news.example.com', 'https://*.partner.example', 'http://localhost:3600'],
    });
    // At once: the next widget answered names them.
    const page = await get('/embed/live');
    expect(frameAncestors(page.headers['content-security-policy'])).toBe(
      'https://news.example.com https://*.partner.example http://localhost:3600',
    );

    // Bounded and checked: no path, no plain http but on this machine, no scheme-less or wildcard-only entry.
    for (const bad of [
      'http://news.example.com',
      'https://news.example.com/page',
      'news.example.com',
      'https://*',
      '*',
      "https://a.example 'unsafe-inline'",
      'https://a.example;script-src *',
      'javascript:alert(1)',
    ]) {
      const refused = await live.admin.api.put('/api/admin/embed-sites', { origins: [bad] });
      expect(refused.status, bad).toBe(400);
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => `https://site${i}.example`);
    expect((await live.admin.api.put('/api/admin/embed-sites', { origins: tooMany })).status).toBe(400);

    // Emptied again: refused everywhere.
    expect((await live.admin.api.put('/api/admin/embed-sites', { origins: [] })).status).toBe(200);
    expect(frameAncestors((await get('/embed/live')).headers['content-security-policy'])).toBe("'none'");
  });

  it('takes effect on another instance sharing the database as the database tells it', async () => {
    // A second app on the same database: it learns of the first one's write only through the database.
    const other = await createTestContext({ database: t.database });
    try {
      const asked = () => other.app.inject({ method: 'GET', url: '/embed/season' });
      expect(frameAncestors((await asked()).headers['content-security-policy'])).toBe("'none'");
      const told = new Promise<void>((resolve) => {
        const stop = other.app.changeFeed.subscribe((change) => {
          if (change.kind === 'embeds') {
            stop();
            resolve();
          }
        });
      });
      const admin = await createFan(t, { isAdmin: true });
      const saved = await admin.api.put('/api/admin/embed-sites', { origins: ['https://a.example'] });
      expect(saved.status).toBe(200);
      await told;
      expect(frameAncestors((await asked()).headers['content-security-policy'])).toBe('https://a.example');
      await admin.api.put('/api/admin/embed-sites', { origins: [] });
    } finally {
      await other.close();
    }
  });
});

describe('the widget pages', () => {
  it('send no cookie, run only our script and their own style, and draw in the language asked', async () => {
    await setupLiveMatch(t, { opponent: 'Spurs' });
    for (const url of [...PAGES, '/embed.js', '/embed/frame.js']) {
      // Even a signed-in reader's cookie neither changes nor renews anything.
      const fan = await createFan(t);
      const answer = await get(url, { cookie: fan.cookie });
      expect(answer.headers['set-cookie'], url).toBeUndefined();
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const page = await get('/embed/live?lang=fr&theme=dark');
    expect(page.headers['content-type']).toContain('text/html');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain('unsafe-inline');
    expect(page.body).toContain('<html lang="fr" dir="ltr">');
    expect(page.body).toContain('Notes des supporters en direct');
    expect(page.body).toContain('<script src="/embed/frame.js" defer></script>');
    // No inline script at all.
    expect(page.body.match(/<script/g)?.length).toBe(1);

    const arabic = await get('/embed/live', { 'accept-language': 'ar,en;q=0.5' });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.headers.vary).toContain('Accept-Language');
    // A language we do not speak falls back to the reader's.
    expect((await get('/embed/live?lang=de', { 'accept-language': 'es' })).body).toContain('lang="es"');
    expect((await get('/embed/live?theme=neon')).statusCode).toBe(400);
  });

  it('meets contrast in both themes, for the default colours and a pale pair', () => {
    for (const colours of [
      { primary: '#da291c', secondary: '#fbe122' },
      { primary: '#fff7cc', secondary: '#0b3d91' },
      { primary: '#6cabdd', secondary: '#ffffff' },
    ])
      for (const theme of ['light', 'dark'] as const) {
        const c = widgetColours(colours, theme);
        const label = `${colours.primary} ${theme}`;
        expect(contrastRatio(c.ink, c.bg), label).toBeGreaterThanOrEqual(7);
        expect(contrastRatio(c.muted, c.bg), label).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(c.figure, c.bg), label).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(c.barInk, c.bar), label).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(c.buttonInk, c.button), label).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(c.softInk, c.soft), label).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(c.goldInk, c.gold), label).toBeGreaterThanOrEqual(4.5);
      }
  });
});

describe('the live widget', () => {
  it('shows the score, the phase and a count of raters, never a figure before full time; then the final ratings', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Everton' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, (p) => (p.id === star.id ? 9 : 6), star);
    await voteAll(await createFan(t), live, (p) => (p.id === star.id ? 8 : 5), star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { homeScore: 2, awayScore: 1, score: '2-1' });

    const read = await get('/api/embed/live');
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('public, max-age=15, s-maxage=15');
    expect(read.headers['set-cookie']).toBeUndefined();
    const state = read.json() as EmbedLive;
    expect(state.match).toMatchObject({
      id: live.match.id,
      phase: 'live',
      homeScore: 2,
      awayScore: 1,
      raters: 2,
    });
    // Nothing but the count: no average, no Man of the Match, no distribution.
    const body = read.body;
    for (const figure of ['average', 'motm', 'rating"', 'percentage', 'counts', star.name])
      expect(body, figure).not.toContain(figure);
    // The same bytes for the next reader, whoever they are.
    const fan = await createFan(t);
    expect((await get('/api/embed/live', { cookie: fan.cookie })).body).toBe(body);

    const page = await get('/embed/live?lang=en');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('public, max-age=15, s-maxage=15');
    expect(page.body).toContain('data-phase="live"');
    expect(page.body).toContain('<b data-raters>2</b>');
    expect(page.body).toContain('revealed at full time');
    expect(page.body).not.toContain(star.name);
    expect(page.body).not.toMatch(/class="avg"/);

    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });
    const ended = (await get('/api/embed/live')).json() as EmbedLive;
    expect(ended.match?.phase).toBe('full-time');
    const final = await get('/embed/live?lang=en');
    expect(final.body).toContain('data-phase="full-time"');
    expect(final.body).toContain(star.name);
    expect(final.body).toContain('class="avg"');

    // The match widget of the same match: the final ratings, kept a minute.
    const match = await get(`/embed/match/${live.match.id}?lang=en&theme=light`);
    expect(match.statusCode).toBe(200);
    expect(match.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    expect(match.body).toContain(star.name);
    expect(match.body).toContain('8.5');
    // The season it ended in has a table now.
    const season = await get('/embed/season?lang=en');
    expect(season.statusCode).toBe(200);
    expect(season.body).toContain(star.name);
  });

  it('says not yet for a match still live or a season with no ended match, and refuses a malformed address', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Fulham' });
    // A partner may embed a match before it is played: the frame says not yet, kept as briefly as the live one.
    const early = await get(`/embed/match/${live.match.id}`);
    expect(early.statusCode).toBe(200);
    expect(early.headers['cache-control']).toBe('public, max-age=15, s-maxage=15');
    expect(early.body).toContain('not out yet');
    const noSeason = await get('/embed/season/2099-00');
    expect(noSeason.statusCode).toBe(200);
    expect(noSeason.body).toContain('No match of this season has ended yet.');
    for (const bad of ['/embed/match/0', '/embed/match/2147483648', '/embed/season/nope']) {
      const refused = await get(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.headers['content-type'], bad).toContain('application/json');
      expect(frameAncestors(refused.headers['content-security-policy']), bad).toBe("'none'");
    }
  });

  it('counts the match clock from kick-off', () => {
    const kickOff = '2026-11-28T15:00:00.000Z';
    const at = (minutes: number) => Date.parse(kickOff) + minutes * 60_000 + 1000;
    expect(matchMinute(null, false, at(0))).toBeNull();
    expect(matchMinute(kickOff, false, at(0))).toBe("1'");
    expect(matchMinute(kickOff, false, at(44))).toBe("45'");
    expect(matchMinute(kickOff, false, at(50))).toBe("45+'");
    expect(matchMinute(kickOff, true, at(50))).toBe('HT');
    expect(matchMinute(kickOff, false, at(62))).toBe("46'");
    expect(matchMinute(kickOff, false, at(120))).toBe("90+'");
  });
});

describe('the scripts', () => {
  it('serve the loader under 15 KB of gzip, cached, compressed, revalidated by its tag', async () => {
    const loader = await embedScript('loader');
    expect(gzipSync(loader.body, { level: 9 }).length).toBeLessThan(15 * 1024);
    const frame = await embedScript('frame');
    expect(frame.gzip.length).toBeLessThan(15 * 1024);

    const answer = await get('/embed.js', { 'accept-encoding': 'gzip' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/javascript');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toContain('max-age=3600');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.rawPayload.length).toBeLessThan(15 * 1024);
    const again = await get('/embed.js', { 'if-none-match': String(answer.headers.etag) });
    expect(again.statusCode).toBe(304);
    // Every widget element is defined by it, and nothing is written to the host page outside them.
    const source = loader.body.toString('utf8');
    for (const name of ['matchday-live', 'matchday-match', 'matchday-season', 'matchday-team-of-the-week'])
      expect(source).toContain(name);
    expect(source).not.toMatch(/document\.(body|head|write)|innerHTML/);
  });
});

describe('oEmbed', () => {
  it('answers a shared match page with its card, or the match widget once a site may frame it', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Brentford' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, 8, star);
    const id = live.match.id;
    const shared = `http://matchday.test/share/match/${id}?lang=fr`;
    const ask = (url: string, extra = '') => get(`/oembed?url=${encodeURIComponent(url)}${extra}`);

    // Live: nothing to show yet.
    expect((await ask(shared)).statusCode).toBe(404);
    await live.admin.api.patch(`/api/matches/${id}`, { isLive: false, score: '1-0', homeScore: 1 });

    const photo = await ask(shared, '&format=json&maxwidth=600');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('application/json');
    expect(photo.headers['access-control-allow-origin']).toBe('*');
    const card = photo.json() as OembedAnswer;
    expect(card).toMatchObject({
      version: '1.0',
      type: 'photo',
      width: 600,
      height: 315,
      url: `http://matchday.test/share/match/${id}.png?lang=fr`,
      thumbnail_url: `http://matchday.test/share/match/${id}.png?lang=fr`,
      provider_url: 'http://matchday.test/',
    });
    expect(card.title).toContain('Brentford');

    await live.admin.api.put('/api/admin/embed-sites', { origins: ['https://news.example.com'] });
    const rich = (await ask(`http://matchday.test/matches/${id}`, '&maxwidth=320')).json() as OembedAnswer;
    expect(rich.type).toBe('rich');
    expect(rich.width).toBe(320);
    expect(rich.html).toContain(`<iframe src="http://matchday.test/embed/match/${id}?lang=en"`);
    await live.admin.api.put('/api/admin/embed-sites', { origins: [] });

    // The share page says where its oEmbed is.
    const page = await get(`/share/match/${id}?lang=en`);
    expect(page.body).toContain(
      `<link rel="alternate" type="application/json+oembed" href="http://matchday.test/oembed?url=${encodeURIComponent(`http://matchday.test/share/match/${id}?lang=en`)}&#38;format=json"`,
    );

    // Refusals: XML, another site, a page of ours that is not a match, an unknown match, no or a huge url.
    expect((await ask(shared, '&format=xml')).statusCode).toBe(501);
    for (const other of [
      `https://elsewhere.example/share/match/${id}`,
      'http://matchday.test/season',
      'http://matchday.test/share/match/abc',
      'not a url',
    ])
      expect((await ask(other)).statusCode, other).toBe(404);
    expect((await ask('http://matchday.test/share/match/999999')).statusCode).toBe(404);
    expect((await get('/oembed')).statusCode).toBe(400);
    expect((await ask(`http://matchday.test/share/match/${id}?${'x'.repeat(3000)}`)).statusCode).toBe(400);
    expect((await ask(shared, '&maxwidth=-1')).statusCode).toBe(400);
  });
});
