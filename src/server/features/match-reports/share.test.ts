import type { Player } from '@shared/players';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { clubColours } from '../settings/club-colours.service';
import { readMatchReport } from './match-reports.service';
import { shareCardSvg } from './share.service';

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
