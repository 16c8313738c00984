import type { Player } from '@shared/players';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { clubColours } from '../settings/club-colours.service';
import { readMatchReport } from './match-reports.service';
import { cardText, shareCardSvg } from './share.service';

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
    const html = page.body;
    expect(html).toContain('<meta property="og:image" content="http://matchday.test/share/match/');
    expect(html).toContain(`<meta property="og:image:width" content="1200">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`Fans&#39; Man of the Match: ${star.name}`);
    // One fan rated: said in the singular, on the page and on the card.
    expect(html).toContain('1 fan rated.');
    expect(html).not.toContain('1 fans');
    const svg = shareCardSvg(await readMatchReport(t.db, live.match.id), 'Club', clubColours());
    expect(svg).toMatch(/>1 fan rated · \d+ ratings<\/text>/);
    // What an admin typed is text on the page, never markup.
    expect(html).not.toContain('<script>');
    expect(html).toContain('Villa &#60;script&#62;');

    const card = await t.app.inject({ method: 'GET', url: `/share/match/${live.match.id}.png` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
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

  it('gives equal averages the same rank on the card, as every screen does', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Spurs' });
    const [star, a, b] = live.starters as [Player, Player, Player];
    const value = (p: Player) => (p.id === star.id ? 9 : p.id === a.id || p.id === b.id ? 8 : 5);
    await voteAll(await createFan(t), live, value, star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });
    const svg = shareCardSvg(await readMatchReport(t.db, live.match.id), 'Club', clubColours());
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
    expect(french.body).toContain('2 supporters ont noté.');
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

    const fr = shareCardSvg(report, 'Club', clubColours(), cardText('fr'));
    expect(fr).toContain('CLUB · NOTES DES SUPPORTERS');
    expect(fr).toContain('Club contre Everton');
    expect(fr).toContain('7,0</text>');
    expect(fr).toContain(`1 supporter a noté · ${report.totalRatings} notes`);
    expect(fr).toContain('>HOMME DU MATCH<');

    const ar = shareCardSvg(report, 'Club', clubColours(), cardText('ar'));
    // Arabic keeps Latin digits, as the page does; one fan is said in the singular form.
    expect(ar).toContain('قيّم مشجع واحد');
    expect(ar).toContain('7.0</text>');
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
  });
});
