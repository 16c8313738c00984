import { DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
import { contrastRatio } from '@shared/club-palette';
import type { Player } from '@shared/players';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
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
