import { DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
import { clubPalette } from '@shared/club-palette';
import { MY_RATINGS_CARD_ERRORS, myRatingsCardFileName, myRatingsCardPath } from '@shared/match-reports';
import type { Player } from '@shared/players';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFan,
  type LiveMatch,
  rateAll,
  setupLiveMatch,
  voteAll,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { readMatchReport } from './match-reports.service';
import {
  MY_CARD_RATE,
  MY_CARD_ROWS,
  type MyRatingsCard,
  MyRatingsCards,
  myRatingsCardSvg,
  readMyRatingsCard,
} from './my-card.service';
import { cardText, createCardDrawing } from './share.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const colours = DEFAULT_CLUB_COLOURS;
/** The fan's ratings as the card draws them: the figures in the accent pills, in the club's dark colour. */
const pills = (svg: string) =>
  [...svg.matchAll(new RegExp(`fill="${clubPalette(colours).card.accentInk}">(\\d+)</text>`, 'g'))].map((m) =>
    Number(m[1]),
  );

describe("a fan's own ratings as an image", () => {
  let live: LiveMatch;
  let fanA: Awaited<ReturnType<typeof createFan>>;
  let fanB: Awaited<ReturnType<typeof createFan>>;
  let bystander: Awaited<ReturnType<typeof createFan>>;
  const get = (cookie?: string, url = myRatingsCardPath(live.match.id)) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    live = await setupLiveMatch(t, { opponent: 'Villa <script>' });
    fanA = await createFan(t, { name: 'Alice Secretname', email: 'alice.private@example.com' });
    fanB = await createFan(t, { name: 'Bob Hiddenname', email: 'bob.private@example.com' });
    bystander = await createFan(t);
    const star = live.starters[0] as Player;
    // A gives 9 (10 to the star), B gives 3 to the starters only: their cards cannot be mistaken.
    await voteAll(fanA, live, (p) => (p.id === star.id ? 10 : 9), star);
    await rateAll(fanB.api, fanB.user.id, { ...live, available: live.starters }, 3);
  });

  it('asks for a signed-in fan (401), and has nothing while the match is live (404)', async () => {
    const anonymous = await get();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: 'Not authenticated' });
    const early = await get(fanA.cookie);
    expect(early.statusCode).toBe(404);
    expect(early.headers['content-type']).toMatch(/^application\/json/);

    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '2-1' });
  });

  it('gives a fan who rated a 1200x630 PNG of their own ratings, private and saved as a file', async () => {
    const res = await get(fanA.cookie);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-ratings-villa-script.png"');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // Bearer tokens work as the cookie does (a social sign-in's page sends one).
    const bearer = await t.app.inject({
      method: 'GET',
      url: myRatingsCardPath(live.match.id),
      headers: { authorization: `Bearer ${fanA.token}` },
    });
    expect(bearer.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it("draws only the caller's ratings: another fan's card is theirs, whatever the URL says", async () => {
    const a = await get(fanA.cookie);
    const b = await get(fanB.cookie);
    expect(b.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(false);
    // A user named in the query is ignored: the card is always the caller's.
    const asA = await get(fanB.cookie, `${myRatingsCardPath(live.match.id)}?userId=${fanA.user.id}`);
    expect(asA.rawPayload.equals(b.rawPayload)).toBe(true);

    const cardA = await readMyRatingsCard(t.db, fanA.user.id, live.match.id);
    const cardB = await readMyRatingsCard(t.db, fanB.user.id, live.match.id);
    expect(cardA.ratings).toHaveLength(live.available.length);
    expect(new Set(cardB.ratings.map((r) => r.myRating))).toEqual(new Set([3]));
    expect(cardB.ratings.map((r) => r.playerId).sort()).toEqual(live.starters.map((p) => p.id).sort());
    const svgB = myRatingsCardSvg(cardB, 'Manchester United', colours);
    expect(pills(svgB)).toEqual(cardB.ratings.map(() => 3));
    expect(pills(myRatingsCardSvg(cardA, 'Manchester United', colours))).toEqual(
      cardA.ratings.map((r) => r.myRating),
    );
    // B gave no final vote: no pick of A's on B's card.
    expect(cardA.myMotm?.id).toBe(live.starters[0]?.id);
    expect(cardB.myMotm).toBeNull();
    expect(svgB).toContain('No Man of the Match pick');
  });

  it('shows the ratings, highest first, beside the crowd, and nothing that names the fan', async () => {
    const card = await readMyRatingsCard(t.db, fanA.user.id, live.match.id);
    expect(card.ratings[0]).toMatchObject({ playerId: live.starters[0]?.id, myRating: 10 });
    expect(card.ratings.map((r) => r.myRating)).toEqual(
      [...card.ratings.map((r) => r.myRating)].sort((x, y) => y - x),
    );
    const report = (
      await fanA.api.get<{ players: { id: number; averageRating: number }[] }>(
        `/api/matches/${live.match.id}/report`,
      )
    ).body;
    const crowd = new Map(report.players.map((p) => [p.id, p.averageRating]));
    for (const r of card.ratings) expect(r.crowdAverage).toBe(crowd.get(r.playerId));

    const svg = myRatingsCardSvg(card, 'Manchester United', colours);
    expect(svg).toContain('MANCHESTER UNITED · MY RATINGS');
    expect(svg).toContain('2–1');
    expect(svg).toContain('MY MAN OF THE MATCH');
    for (const r of card.ratings) {
      expect(svg).toContain(r.crowdAverage.toFixed(1));
    }
    // What an admin typed is text on the card, never markup.
    expect(svg).toContain('vs Villa &#60;script&#62;');
    expect(svg).not.toContain('<script>');
    for (const identity of [
      fanA.user.name,
      'Alice',
      'Secretname',
      fanA.user.email,
      'alice.private',
      fanA.user.id,
    ])
      expect(svg).not.toContain(identity);
  });

  it('is drawn in the language the page reads in, else the fan’s own', async () => {
    const english = await get(fanA.cookie);
    const french = await get(fanA.cookie, myRatingsCardPath(live.match.id, 'fr'));
    expect(french.statusCode).toBe(200);
    expect(french.rawPayload.equals(english.rawPayload)).toBe(false);
    // Without a language asked, the fan's language cookie says it.
    const byCookie = await get(`${fanA.cookie}; matchday_locale=fr`);
    expect(byCookie.rawPayload.equals(french.rawPayload)).toBe(true);
    expect((await get(fanA.cookie, `${myRatingsCardPath(live.match.id)}?lang=xx`)).statusCode).toBe(400);

    const card = await readMyRatingsCard(t.db, fanA.user.id, live.match.id);
    const svg = myRatingsCardSvg(card, 'Manchester United', colours, cardText('fr'));
    expect(svg).toContain('MANCHESTER UNITED · MES NOTES');
    expect(svg).toContain('contre Villa &#60;script&#62;');
    expect(svg).toContain('>JOUEUR<');
    expect(svg).toContain('MON HOMME DU MATCH');
    expect(svg).toContain('Supporters : la moyenne de 2 supporters');
  });

  it('answers 404 to a fan who rated nobody in the match, and to a match that is live again', async () => {
    const nobody = await get(bystander.cookie);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual(MY_RATINGS_CARD_ERRORS.notRated);
    expect((await get(live.admin.cookie)).statusCode).toBe(404);
    expect((await get(fanA.cookie, myRatingsCardPath(2_147_483_647))).statusCode).toBe(404);
    for (const bad of ['0', 'x', '2147483648'])
      expect((await get(fanA.cookie, `/api/matches/${bad}/my-ratings.png`)).statusCode, bad).toBe(400);

    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: true });
    expect((await get(fanA.cookie)).statusCode).toBe(404);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });
  });

  it('keeps a fan’s card per version of the report, so asking again draws nothing; past the queue, 503', async () => {
    const report = await readMatchReport(t.db, live.match.id);
    const drawing = createCardDrawing(1, 0);
    const cards = new MyRatingsCards(drawing);
    const club = { name: 'Manchester United', colours };
    const first = await cards.image(t.db, fanA.user.id, report, club, 'en');
    // The one slot taken and no room to wait: any new drawing is refused, with when to come back.
    let free = () => {};
    const held = drawing.run(
      () =>
        new Promise<void>((resolve) => {
          free = resolve;
        }),
    );
    expect((await cards.image(t.db, fanA.user.id, report, club, 'en')).equals(first)).toBe(true);
    await expect(cards.image(t.db, fanA.user.id, report, club, 'fr')).rejects.toMatchObject({
      statusCode: 503,
      retryAfterS: 5,
    });
    await expect(cards.image(t.db, fanB.user.id, report, club, 'en')).rejects.toMatchObject({
      statusCode: 503,
    });
    free();
    await held;
    // Free again: drawn now, and kept.
    const french = await cards.image(t.db, fanA.user.id, report, club, 'fr');
    expect(french.equals(first)).toBe(false);
    // A new version of the report (a correction, a reopening) is a new drawing, not the kept one.
    const again = drawing.run(
      () =>
        new Promise<void>((resolve) => {
          free = resolve;
        }),
    );
    const corrected = { ...report, computedAt: new Date(Date.parse(report.computedAt) + 1000).toISOString() };
    await expect(cards.image(t.db, fanA.user.id, corrected, club, 'en')).rejects.toMatchObject({
      statusCode: 503,
    });
    expect((await cards.image(t.db, fanA.user.id, report, club, 'fr')).equals(french)).toBe(true);
    free();
    await again;
  });

  it(`answers a fan past ${MY_CARD_RATE.max} cards a minute 429 with Retry-After, and only that fan`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= MY_CARD_RATE.max; i += 1) statuses.push((await get(fanB.cookie)).statusCode);
    // Whatever fanB asked earlier in this minute: cards until the allowance is spent, then refusals.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.join(',')).toMatch(/^(200,)*(429,)*429$/);
    const refused = await get(fanB.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another caller's asks are their own: the admin, who rated nobody, still gets the card's 404.
    expect((await get(live.admin.cookie)).statusCode).toBe(404);
  });
});

describe('the card', () => {
  const card = (n: number): MyRatingsCard => ({
    match: {
      id: 1,
      title: 'Manchester United vs Brighton',
      opponent: 'Brighton & Hove Albion',
      venue: 'Old Trafford',
      tournament: 'Premier League',
      score: '3-1',
      homeScore: 3,
      awayScore: 1,
      playedOn: '2025-10-18',
    },
    ratings: Array.from({ length: n }, (_, i) => ({
      playerId: i + 1,
      name: `Player Number ${i + 1}`,
      myRating: 10 - (i % 10),
      crowdAverage: 7.5,
    })),
    myMotm: { id: 3, name: 'Player Number 3' },
    raters: 1234,
  });

  it(`holds up to ${MY_CARD_ROWS} rows in two columns, and says how many more there were`, () => {
    const svg = myRatingsCardSvg(card(17), 'Manchester United', colours);
    expect(pills(svg)).toHaveLength(MY_CARD_ROWS);
    expect(svg.match(/>PLAYER</g)).toHaveLength(2);
    expect(svg).toContain('2 more not shown');
    expect(svg).toContain('Fans: the average of 1,234 fans');
    expect(myRatingsCardSvg({ ...card(4), raters: 1 }, 'Club', colours)).toContain(
      'Fans: the average of 1 fan<',
    );
    const spanish = myRatingsCardSvg(card(17), 'Club', colours, cardText('es'));
    expect(spanish).toContain('2 más sin mostrar');
    expect(spanish).toContain('18 de octubre de 2025');
    expect(svg).toContain('Brighton &#38; Hove Albion');
    const few = myRatingsCardSvg(card(4), 'Manchester United', colours);
    expect(few.match(/>PLAYER</g)).toHaveLength(1);
    expect(pills(few)).toEqual([10, 9, 8, 7]);
  });

  it('names its file after the opponent, in plain letters only', () => {
    expect(myRatingsCardFileName('Villa <script>')).toBe('my-ratings-villa-script.png');
    expect(myRatingsCardFileName('Atlético Madrid')).toBe('my-ratings-atletico-madrid.png');
    expect(myRatingsCardFileName('"; rm -rf /')).toBe('my-ratings-rm-rf.png');
    expect(myRatingsCardFileName('***')).toBe('my-ratings-match.png');
  });
});
