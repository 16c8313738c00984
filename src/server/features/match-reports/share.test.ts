import { DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
import { contrastRatio } from '@shared/club-palette';
import type { Player, SeasonStats } from '@shared/players';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { matches } from '../../db/schema';
import { readMatchReport } from './match-reports.service';
import { cardText, shareCardSvg } from './share.service';

const BLUE_AND_WHITE = { primaryColour: '#0b3d91', secondaryColour: '#ffffff' };

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('sharing an ended match', () => {
  it('opens a page with the card tags and a 1200x630 PNG of the result, for anyone', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Villa <script>' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, (p) => (p.id === star.id ? 9 : 6), star);
    // Live: nothing to share yet.
    const early = await t.app.inject({ method: 'GET', url: `/share/match/${live.match.id}` });
    expect(early.statusCode).toBe(404);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '2-0' });

    const page = await t.app.inject({ method: 'GET', url: `/share/match/${live.match.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    const html = page.body;
    expect(html).toContain('<meta property="og:image" content="http://matchday.test/share/match/');
    expect(html).toContain(`<meta property="og:image:width" content="1200">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`Fans&#39; Man of the Match: ${star.name}`);
    // One fan rated: said in the singular, on the page and on the card.
    expect(html).toContain('1 fan rated · 0 held back.');
    expect(html).not.toContain('1 fans');
    const svg = shareCardSvg(await readMatchReport(t.db, live.match.id), 'Club', DEFAULT_CLUB_COLOURS);
    expect(svg).toMatch(/>1 fan rated · \d+ ratings · 0 held back<\/text>/);
    // What an admin typed is text on the page, never markup.
    expect(html).not.toContain('<script>');
    expect(html).toContain('Villa &#60;script&#62;');

    const card = await t.app.inject({ method: 'GET', url: `/share/match/${live.match.id}.png` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers['cache-control']).toBe('public, max-age=60');
    const meta = await sharp(card.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // Drawn once: the same bytes again.
    const again = await t.app.inject({ method: 'GET', url: `/share/match/${live.match.id}.png` });
    expect(again.rawPayload.equals(card.rawPayload)).toBe(true);

    for (const bad of ['0', 'x', '1.jpg', '99999999999', '2147483648.png']) {
      expect((await t.app.inject({ method: 'GET', url: `/share/match/${bad}` })).statusCode, bad).toBe(400);
    }
    expect((await client(t).get('/share/match/999999')).status).toBe(404);
  });

  it("draws the share card and a fan's my-ratings.png in the colours an admin saves", async () => {
    const live = await setupLiveMatch(t, { opponent: 'Wolves' });
    const fan = await createFan(t);
    const star = live.starters[0] as Player;
    await voteAll(fan, live, (p) => (p.id === star.id ? 9 : 7), star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '1-0' });
    const shareUrl = `/share/match/${live.match.id}.png`;
    const mineUrl = `/api/matches/${live.match.id}/my-ratings.png`;
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: fan.cookie, ...headers } });
    /** The stripe across the top (the primary as chosen) and the gradient's far corner. */
    const pixels = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => {
        const i = (y * info.width + x) * info.channels;
        return `#${[data[i], data[i + 1], data[i + 2]].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
      };
      return { stripe: at(600, 4), corner: at(1196, 626) };
    };

    const redShare = await get(shareUrl);
    const redMine = await get(mineUrl);
    expect(await pixels(redShare.rawPayload)).toEqual({ stripe: '#da291c', corner: expect.any(String) });
    expect((await pixels(redMine.rawPayload)).stripe).toBe('#da291c');
    const etag = redShare.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(shareUrl, { 'if-none-match': etag })).statusCode).toBe(304);

    expect((await live.admin.api.post('/api/admin/customization', BLUE_AND_WHITE)).status).toBe(200);
    const blueShare = await get(shareUrl);
    // The tag a browser or a network kept no longer matches: it gets the new drawing.
    expect(blueShare.headers.etag).not.toBe(etag);
    expect((await get(shareUrl, { 'if-none-match': etag })).statusCode).toBe(200);
    const blue = await pixels(blueShare.rawPayload);
    expect(blue.stripe).toBe('#0b3d91');
    expect(blue.corner).not.toBe((await pixels(redShare.rawPayload)).corner);
    const blueMine = await pixels((await get(mineUrl)).rawPayload);
    expect(blueMine.stripe).toBe('#0b3d91');
    for (const { corner } of [blue, blueMine])
      expect(contrastRatio('#ffffff', corner)).toBeGreaterThanOrEqual(4.5);

    await live.admin.api.post('/api/admin/customization', { primaryColour: null, secondaryColour: null });
  });

  it('gives equal averages the same rank on the card, as every screen does', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Spurs' });
    const [star, a, b] = live.starters as [Player, Player, Player];
    const value = (p: Player) => (p.id === star.id ? 9 : p.id === a.id || p.id === b.id ? 8 : 5);
    await voteAll(await createFan(t), live, value, star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });
    const svg = shareCardSvg(await readMatchReport(t.db, live.match.id), 'Club', DEFAULT_CLUB_COLOURS);
    const ranks = [...svg.matchAll(/font-size="30" fill="[^"]+">(\d)<\/text>/g)].map((m) => m[1]);
    expect(ranks).toEqual(['1', '2', '2']);
  });
});

describe('the shared page, as a person opens it', () => {
  it('shows the result, the Man of the Match and the top rated in the club’s colours, and the way to rate the next', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Villa <b>"Lions"</b>' });
    const [star, second] = live.starters as [Player, Player];
    const value = (p: Player) => (p.id === star.id ? 9 : p.id === second.id ? 8 : 6);
    await voteAll(await createFan(t), live, value, star);
    await voteAll(await createFan(t), live, value, star);
    const branding = {
      companyName: 'Red <Devils> & Co',
      logoUrl: 'https://cdn.example.test/crest.png?size=80&v=2',
      // A pale primary: the header's text and the page's buttons must still read on and around it.
      primaryColour: '#ffe600',
      secondaryColour: '#1a1a1a',
    };
    expect((await live.admin.api.post('/api/admin/customization', branding)).status).toBe(200);
    // The later tests read the page in the club's own name and colours.
    onTestFinished(async () => {
      await live.admin.api.post('/api/admin/customization', {
        companyName: null,
        primaryColour: null,
        secondaryColour: null,
      });
    });
    const id = live.match.id;
    await live.admin.api.patch(`/api/matches/${id}`, { isLive: false, score: '3-1' });
    const page = await t.app.inject({ method: 'GET', url: `/share/match/${id}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    const html = page.body;
    const club = 'Red &#60;Devils&#62; &#38; Co';
    const opponent = 'Villa &#60;b&#62;&#34;Lions&#34;&#60;/b&#62;';

    // What the networks read is as it was: the same tags, in the same words.
    const base = `http://matchday.test/share/match/${id}`;
    const title = `${club} 3–1 ${opponent}: the fans&#39; ratings`;
    const description = `Fans&#39; Man of the Match: ${star.name} (100.0%). Top rated: ${star.name}, 9.0. 2 fans rated · 0 held back.`;
    for (const tag of [
      '<meta property="og:type" content="website">',
      `<meta property="og:site_name" content="${club} Player Ratings">`,
      '<meta property="og:locale" content="en">',
      `<meta property="og:title" content="${title}">`,
      `<meta property="og:description" content="${description}">`,
      `<meta property="og:url" content="${base}?lang=en">`,
      `<meta property="og:image" content="${base}.png?lang=en">`,
      '<meta property="og:image:width" content="1200">',
      '<meta property="og:image:height" content="630">',
      `<meta property="og:image:alt" content="${title}">`,
      '<meta name="twitter:card" content="summary_large_image">',
      `<meta name="twitter:title" content="${title}">`,
      `<meta name="twitter:description" content="${description}">`,
      `<meta name="twitter:image" content="${base}.png?lang=en">`,
      `<title>${title}</title>`,
      `<link rel="canonical" href="${base}?lang=en">`,
    ])
      expect(html).toContain(tag);

    // The result: each side's name beside its goals, the club first, as on the card.
    const h1 = /<h1 id="result">([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
    const sides = [
      ...h1.matchAll(/<span class="team"><bdi>([^<]*)<\/bdi><\/span> <span class="goals">(\d+)<\/span>/g),
    ];
    expect(sides.map((m) => [m[1], m[2]])).toEqual([
      [club, '3'],
      [opponent, '1'],
    ]);
    // The fans' Man of the Match with the share of the votes, and the top rated with their averages.
    expect(html).toContain(`<p class="motm-name"><bdi>${star.name}</bdi></p>`);
    expect(html).toContain('100.0% of fans&#39; votes');
    const rows = [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? '');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(`<span class="name"><bdi>${star.name}</bdi></span>`);
    expect(rows[0]).toContain('2 ratings');
    expect(rows[0]).toMatch(/<span class="sr">Average <\/span>9\.0<\/span>/);
    expect(rows[1]).toContain(`>${second.name}<`);
    expect(rows[1]).toMatch(/>8\.0<\/span>/);
    expect(html).toContain('<p class="raters">2 fans rated · 0 held back.</p>');
    // The way on: rate the next match (the app's home), or every rating of this one.
    expect(html).toContain('<a class="button primary" href="/">Rate the next match</a>');
    expect(html).toContain(
      `<a class="button secondary" href="/matches/${id}">See every player&#39;s rating</a>`,
    );
    // The card, from where the page was read, sized for no shift and never wider than the screen.
    expect(html).toMatch(
      new RegExp(
        `<img src="/share/match/${id}\\.png\\?lang=en" width="1200" height="630" alt="${title}" loading="lazy"`,
      ),
    );
    expect(html).toContain('figure img{display:block;inline-size:100%;max-inline-size:100%;block-size:auto;');
    // The club's logo, its address as text; no script at all.
    expect(html).toContain('<img class="mark" src="https://cdn.example.test/crest.png?size=80&#38;v=2"');
    expect(html).not.toMatch(/<script|<b>|<Devils>/);

    // Styled in the club's colours: the header bar in the primary as chosen, its text readable on it,
    // and the button's fill darkened until it stands apart from the white page.
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const bar = /\.bar\{background:(#[0-9a-f]{6});color:(#[0-9a-f]{6})\}/.exec(css);
    expect(bar?.[1]).toBe('#ffe600');
    expect(contrastRatio(bar?.[2] ?? '', '#ffe600')).toBeGreaterThanOrEqual(4.5);
    const button = /\.primary\{background:(#[0-9a-f]{6});color:(#[0-9a-f]{6})\}/.exec(css);
    expect(contrastRatio(button?.[1] ?? '', '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(button?.[1] ?? '', button?.[2] ?? '')).toBeGreaterThanOrEqual(4.5);
    // Laid out with logical properties only, so right to left needs no rule of its own.
    expect(css).not.toMatch(/(margin|padding|border)-(left|right)|text-align:(left|right)|[{;](left|right):/);

    // In Arabic: right to left, in its own words, the figures as the page writes them.
    const arabic = (await t.app.inject({ method: 'GET', url: `/share/match/${id}?lang=ar` })).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('<a class="button primary" href="/">قيّم المباراة القادمة</a>');
    expect(arabic).toContain(`<span class="team"><bdi>${club}</bdi></span> <span class="goals">3</span>`);
    expect(arabic).toMatch(/<span class="sr">المعدل <\/span>9\.0<\/span>/);

    // Without a logo, the club's badge: its initials in its colours.
    await live.admin.api.post('/api/admin/customization', { ...branding, logoUrl: null });
    const plain = (await t.app.inject({ method: 'GET', url: `/share/match/${id}` })).body;
    expect(plain).toContain('<svg class="crest"');
    expect(plain).toMatch(/fill="#1a1a1a">RC<\/text><\/svg>/);
  });
});

describe('a match the club played away', () => {
  it('reads home first on the page, while the title, its score and the player pages take the club’s side', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Aston Villa' });
    const [star] = live.starters as [Player];
    await voteAll(await createFan(t), live, () => 7, star);
    const id = live.match.id;
    // The feed records where the club played; the score stays home-away as played: 1-3 is a club win.
    await t.db.update(matches).set({ isHome: false }).where(eq(matches.id, id));
    await live.admin.api.patch(`/api/matches/${id}`, { isLive: false, score: '1-3' });
    const html = (await t.app.inject({ method: 'GET', url: `/share/match/${id}?lang=en` })).body;
    const h1 = /<h1 id="result">([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
    const sides = [
      ...h1.matchAll(/<span class="team"><bdi>([^<]*)<\/bdi><\/span> <span class="goals">(\d+)<\/span>/g),
    ].map((m) => [m[1], m[2]]);
    expect(sides).toEqual([
      ['Aston Villa', '1'],
      ['Manchester United', '3'],
    ]);
    expect(html).toContain(
      '<meta property="og:title" content="Manchester United 3–1 Aston Villa: the fans&#39; ratings">',
    );
    const stats = await live.admin.api.get<SeasonStats>(`/api/players/${star.id}/season-stats`);
    expect(stats.body.recentForm[0]).toMatchObject({ matchId: id, result: 'W' });
  });
});

describe('the shared page and card speak the language asked', () => {
  it('the link names it (the sharer’s); without one, the reader’s own; anything else is refused', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Leeds' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, () => 7, star);
    await voteAll(await createFan(t), live, () => 8, star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '1-0' });
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const id = live.match.id;

    const french = await get(`/share/match/${id}?lang=fr`);
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr" dir="ltr">');
    expect(french.body).toContain(': les notes des supporters</title>');
    expect(french.body).toContain('2 supporters ont noté · 0 mis de côté.');
    expect(french.body).toContain(`content="http://matchday.test/share/match/${id}.png?lang=fr"`);
    expect(french.headers.vary).toBeUndefined();

    // No language in the link: the reader's browser says Spanish, so the answer varies with it.
    const spanish = await get(`/share/match/${id}`, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(spanish.body).toContain('<html lang="es" dir="ltr">');
    expect(spanish.body).toContain(`content="http://matchday.test/share/match/${id}.png?lang=es"`);
    expect(spanish.headers.vary).toBe('Accept-Language, Cookie');
    const arabic = await get(`/share/match/${id}?lang=ar`);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('تقييمات الجماهير');

    const englishCard = await get(`/share/match/${id}.png?lang=en`);
    const frenchCard = await get(`/share/match/${id}.png?lang=fr`);
    expect(frenchCard.headers['content-type']).toBe('image/png');
    expect(await sharp(frenchCard.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(frenchCard.rawPayload.equals(englishCard.rawPayload)).toBe(false);
    expect((await get(`/share/match/${id}.png`)).rawPayload.equals(englishCard.rawPayload)).toBe(true);

    expect((await get(`/share/match/${id}?lang=de`)).statusCode).toBe(400);
  });

  it('draws the card’s words, counts, averages and day in that language, plurals by its rules', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Everton' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, () => 7, star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '3-0' });
    const report = await readMatchReport(t.db, live.match.id);
    const raters = report.raters;
    expect(raters).toBe(1);

    const fr = shareCardSvg(report, 'Club', DEFAULT_CLUB_COLOURS, cardText('fr'));
    expect(fr).toContain('CLUB · NOTES DES SUPPORTERS');
    expect(fr).toContain('Club contre Everton');
    expect(fr).toContain('7,0</text>');
    expect(fr).toContain(`1 supporter a noté · ${report.totalRatings} notes`);
    expect(fr).toContain('>HOMME DU MATCH<');

    const ar = shareCardSvg(report, 'Club', DEFAULT_CLUB_COLOURS, cardText('ar'));
    // Arabic keeps Latin digits, as the page does; one fan is said in the singular form.
    expect(ar).toContain('قيّم مشجع واحد');
    expect(ar).toContain('7.0</text>');
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
  });
});
