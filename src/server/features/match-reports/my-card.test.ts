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
  fitText,
  MY_CARD_FOOTER_TOP,
  MY_CARD_RATE,
  MY_CARD_ROWS,
  type MyRatingsCard,
  MyRatingsCards,
  myRatingsCardSvg,
  readMyRatingsCard,
  textWidth,
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
      await fanA.api.get<{ players: { id: number; averageRating: number; jerseyNumber: number | null }[] }>(
        `/api/matches/${live.match.id}/report`,
      )
    ).body;
    const crowd = new Map(report.players.map((p) => [p.id, p]));
    for (const r of card.ratings) {
      expect(r.crowdAverage).toBe(crowd.get(r.playerId)?.averageRating);
      // The shirt number on the day, as the report keeps it.
      expect(r.jerseyNumber).toBe(crowd.get(r.playerId)?.jerseyNumber);
    }

    const svg = myRatingsCardSvg(card, 'Manchester United', colours);
    expect(svg).toContain('MANCHESTER UNITED · MY RATINGS');
    // The score with each team beside its number: the club at home, as the match's title says.
    expect(svg).toContain('id="home-name" fill="#ffffff">Manchester United</text>');
    expect(svg).toContain('id="home-goals" fill="#ffffff">2</text>');
    expect(svg).toContain('id="away-goals" fill="#ffffff">1</text>');
    expect(svg).toContain('MY MAN OF THE MATCH');
    for (const r of card.ratings) {
      expect(svg).toContain(r.crowdAverage.toFixed(1));
      if (r.jerseyNumber !== null) expect(svg).toContain(`>#${r.jerseyNumber}</text>`);
    }
    // What an admin typed is text on the card, never markup.
    expect(svg).toContain('id="away-name" fill="#ffffff">Villa &#60;script&#62;</text>');
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
    expect(svg).toContain('>Villa &#60;script&#62;<');
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
  /** A full matchday squad: eleven starters, five substitutes, the manager (no shirt number) last. */
  const NAMES = [
    'André Onana',
    'Diogo Dalot',
    'Matthijs de Ligt',
    'Lisandro Martínez',
    'Luke Shaw',
    'Casemiro',
    'Bruno Fernandes',
    'Kobbie Mainoo',
    'Alejandro Garnacho',
    'Rasmus Højlund',
    'Marcus Rashford',
    'Christian Eriksen',
    'Mason Mount',
    'Joshua Zirkzee',
    'Noussair Mazraoui',
    'Manuel Ugarte',
    'Rúben Amorim',
  ];
  const card = (n: number, match: Partial<MyRatingsCard['match']> = {}): MyRatingsCard => ({
    match: {
      id: 1,
      title: 'Manchester United vs Brighton & Hove Albion',
      opponent: 'Brighton & Hove Albion',
      venue: 'Old Trafford',
      tournament: 'Premier League',
      score: '3-1',
      homeScore: 3,
      awayScore: 1,
      isHome: true,
      playedOn: '2025-10-18',
      ...match,
    },
    ratings: Array.from({ length: n }, (_, i) => ({
      playerId: i + 1,
      name: NAMES[i] ?? `Player Number ${i + 1}`,
      jerseyNumber: i === MY_CARD_ROWS - 1 ? null : i + 1,
      myRating: 10 - (i % 10),
      crowdAverage: 7.5,
    })),
    myMotm: { id: 3, name: 'Matthijs de Ligt' },
    raters: 1234,
  });

  interface Drawn {
    tag: string;
    x: number;
    y: number;
    width: number;
    height: number;
    size: number;
    anchor: string;
    rtl: boolean;
    id: string | undefined;
    content: string;
  }
  /** The rects and texts of one group of the card (`ratings`, `footer`), or of the whole card. */
  const drawn = (svg: string, group?: string): Drawn[] => {
    const part = group ? (new RegExp(`<g id="${group}">([\\s\\S]*?)</g>`).exec(svg)?.[1] ?? '') : svg;
    return [...part.matchAll(/<(rect|text)\b([^>]*?)\/?>(?:([^<]*)<\/text>)?/g)].map((m) => {
      const attrs = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]),
      );
      return {
        tag: m[1] ?? '',
        x: Number(attrs.x ?? 0),
        y: Number(attrs.y ?? 0),
        width: Number(attrs.width ?? 0),
        height: Number(attrs.height ?? 0),
        size: Number(attrs['font-size'] ?? 0),
        anchor: attrs['text-anchor'] ?? 'start',
        rtl: attrs.direction === 'rtl',
        id: attrs.id,
        content: m[3] ?? '',
      };
    });
  };
  const byId = (svg: string, id: string) => drawn(svg).find((d) => d.id === id) as Drawn;
  /** What a text reads, without the marks that keep its direction and with its escapes undone. */
  const plain = (content: string) =>
    content
      .replace(/[\u2066-\u2069]/g, '')
      .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  /** A text's left and right ends: 'start' is the left end left to right, the right end right to left. */
  const extent = (d: Drawn, weight: 'book' | 'bold') => {
    const width = textWidth(plain(d.content), d.size, weight);
    const startsLeft = d.anchor === 'start' ? !d.rtl : d.anchor === 'end' ? d.rtl : null;
    if (startsLeft === null) return { left: d.x - width / 2, right: d.x + width / 2 };
    return startsLeft ? { left: d.x, right: d.x + width } : { left: d.x - width, right: d.x };
  };

  it(`lists a full squad of ${MY_CARD_ROWS} (starters, substitutes, manager) by name, in every language`, () => {
    for (const locale of ['en', 'fr', 'es', 'ar'] as const) {
      const svg = myRatingsCardSvg(card(MY_CARD_ROWS), 'Manchester United', colours, cardText(locale));
      const isolate = (name: string) => (locale === 'ar' ? `\u2068${name}\u2069` : name);
      for (const name of NAMES) expect(svg, `${locale} ${name}`).toContain(`>${isolate(name)}</text>`);
      expect(pills(svg), locale).toEqual(card(MY_CARD_ROWS).ratings.map((r) => r.myRating));
      expect(svg, locale).not.toContain('id="more"');
    }
  });

  it('keeps every row above the footer, and the footer’s chip and line apart, at every size of card', () => {
    for (const locale of ['en', 'fr', 'es', 'ar'] as const) {
      for (const n of [1, 4, 8, 9, 14, 16, MY_CARD_ROWS, 25]) {
        for (const motm of [true, false]) {
          const c = card(n);
          const svg = myRatingsCardSvg(
            motm ? c : { ...c, myMotm: null },
            'Manchester United',
            colours,
            cardText(locale),
          );
          const rows = drawn(svg, 'ratings');
          const footer = drawn(svg, 'footer');
          expect(rows.length).toBeGreaterThan(n);
          // A text reaches ~a quarter of its size below its baseline, and ~its size above it.
          const rowsBottom = Math.max(
            ...rows.map((d) => (d.tag === 'rect' ? d.y + d.height : d.y + d.size * 0.25)),
          );
          const footerTop = Math.min(...footer.map((d) => (d.tag === 'rect' ? d.y : d.y - d.size)));
          expect(rowsBottom, `${locale} ${n}`).toBeLessThanOrEqual(MY_CARD_FOOTER_TOP);
          expect(footerTop, `${locale} ${n}`).toBeGreaterThanOrEqual(MY_CARD_FOOTER_TOP);
          // Side by side on the footer's line: the pick (its chip, or the line saying there is none)
          // and the crowd's line never meet.
          const crowd = footer.at(-1) as Drawn;
          const chip = footer.find((d) => d.id === 'motm-chip');
          const pick = chip
            ? { left: chip.x, right: chip.x + chip.width }
            : extent(footer[0] as Drawn, 'book');
          const line = extent(crowd, 'book');
          if (locale === 'ar') expect(line.right, `${locale} ${n}`).toBeLessThan(pick.left);
          else expect(pick.right, `${locale} ${n}`).toBeLessThan(line.left);
        }
      }
    }
  });

  it(`says "+N more" only past ${MY_CARD_ROWS} players, in the place after the last row`, () => {
    expect(myRatingsCardSvg(card(MY_CARD_ROWS), 'Club', colours)).not.toMatch(/more</);
    const over = myRatingsCardSvg(card(MY_CARD_ROWS + 3), 'Club', colours);
    expect(pills(over)).toHaveLength(MY_CARD_ROWS);
    expect(byId(over, 'more').content).toBe('+3 more');
    expect(byId(myRatingsCardSvg(card(MY_CARD_ROWS + 1), 'Club', colours), 'more').content).toBe('+1 more');
    expect(byId(myRatingsCardSvg(card(20), 'Club', colours, cardText('fr')), 'more').content).toBe(
      '+3 autres',
    );
    expect(byId(myRatingsCardSvg(card(20), 'Club', colours, cardText('es')), 'more').content).toBe('+3 más');
    // In Arabic the count is a left-to-right run inside the right-to-left line: "+3", never "3+".
    const arabic = byId(myRatingsCardSvg(card(20), 'Club', colours, cardText('ar')), 'more');
    expect(arabic.content).toBe('\u2067\u2066+3\u2069 لاعبين آخرين\u2069');
    expect(arabic.rtl).toBe(true);
    // Its place is the one after the last row, in the second column, above the footer.
    const rows = drawn(over, 'ratings').filter((d) => d.tag === 'text' && d.size === 22 && d.id !== 'more');
    const more = byId(over, 'more');
    expect(more.y).toBeGreaterThan(Math.max(...rows.filter((d) => d.x > 600).map((d) => d.y)));
    expect(more.y).toBeLessThan(MY_CARD_FOOTER_TOP);
  });

  it('says the crowd behind the averages, in its plural and its figures', () => {
    expect(myRatingsCardSvg(card(17), 'Manchester United', colours)).toContain(
      'Fans: the average of 1,234 fans',
    );
    expect(myRatingsCardSvg({ ...card(4), raters: 1 }, 'Club', colours)).toContain(
      'Fans: the average of 1 fan<',
    );
    const spanish = myRatingsCardSvg(card(17), 'Club', colours, cardText('es'));
    expect(spanish).toContain('18 de octubre de 2025');
    const few = myRatingsCardSvg(card(4), 'Manchester United', colours);
    expect(few.match(/>PLAYER</g)).toHaveLength(1);
    expect(myRatingsCardSvg(card(9), 'Manchester United', colours).match(/>PLAYER</g)).toHaveLength(2);
    expect(pills(few)).toEqual([10, 9, 8, 7]);
  });

  it('sets each team’s name beside its number: home on the left, mirrored in Arabic', () => {
    const svg = myRatingsCardSvg(card(17), 'Manchester United', colours);
    const [homeName, homeGoals, awayGoals, awayName] = [
      'home-name',
      'home-goals',
      'away-goals',
      'away-name',
    ].map((id) => byId(svg, id)) as [Drawn, Drawn, Drawn, Drawn];
    expect(plain(homeName.content)).toBe('Manchester United');
    expect(homeGoals.content).toBe('3');
    expect(awayGoals.content).toBe('1');
    expect(plain(awayName.content)).toBe('Brighton & Hove Albion');
    // Left to right: the club's name ends before its number, the opponent's starts after theirs.
    expect(homeName.anchor).toBe('end');
    expect(extent(homeName, 'bold').right).toBeLessThan(extent(homeGoals, 'bold').left);
    expect(extent(homeGoals, 'bold').right).toBeLessThan(extent(awayGoals, 'bold').left);
    expect(extent(awayGoals, 'bold').right).toBeLessThan(extent(awayName, 'bold').left);
    expect(extent(awayName, 'bold').right).toBeLessThanOrEqual(1136);
    expect(extent(homeName, 'bold').left).toBeGreaterThanOrEqual(64);

    // Right to left, the home side reads first: on the right, its number beside it.
    const arabic = myRatingsCardSvg(card(17), 'Manchester United', colours, cardText('ar'));
    const [arHomeName, arHomeGoals, arAwayGoals, arAwayName] = [
      'home-name',
      'home-goals',
      'away-goals',
      'away-name',
    ].map((id) => byId(arabic, id)) as [Drawn, Drawn, Drawn, Drawn];
    expect(plain(arHomeName.content)).toBe('Manchester United');
    expect(arHomeGoals.content).toBe('3');
    expect(extent(arHomeName, 'bold').left).toBeGreaterThan(extent(arHomeGoals, 'bold').right);
    expect(extent(arHomeGoals, 'bold').left).toBeGreaterThan(extent(arAwayGoals, 'bold').right);
    expect(extent(arAwayGoals, 'bold').left).toBeGreaterThan(extent(arAwayName, 'bold').right);
    expect(extent(arAwayName, 'bold').left).toBeGreaterThanOrEqual(64);

    // A long name is made smaller, then cut, never run into the number or off the card.
    const long = myRatingsCardSvg(
      card(4, { opponent: 'Wolverhampton Wanderers Football Club of the West Midlands' }),
      'Borussia Mönchengladbach Fußball-Club',
      colours,
    );
    expect(plain(byId(long, 'away-name').content)).toMatch(/^Wolverhampton .*…$/);
    expect(extent(byId(long, 'away-name'), 'bold').right).toBeLessThanOrEqual(1136);
    expect(extent(byId(long, 'home-name'), 'bold').left).toBeGreaterThanOrEqual(64);
  });

  it('puts the opponent first when the club played away, and the club first for a match typed by hand', () => {
    const away = myRatingsCardSvg(
      card(4, {
        title: 'Brighton & Hove Albion vs Manchester United',
        opponent: 'Brighton & Hove Albion',
        isHome: false,
        homeScore: 0,
        awayScore: 2,
      }),
      'Manchester United',
      colours,
    );
    expect(plain(byId(away, 'home-name').content)).toBe('Brighton & Hove Albion');
    expect(byId(away, 'home-goals').content).toBe('0');
    expect(plain(byId(away, 'away-name').content)).toBe('Manchester United');
    expect(byId(away, 'away-goals').content).toBe('2');
  });

  it('keeps shirt numbers "#7" and figures left to right in Arabic, each in a run of its own', () => {
    const english = myRatingsCardSvg(card(17), 'Club', colours);
    const arabic = myRatingsCardSvg(card(17), 'Club', colours, cardText('ar'));
    for (const r of card(17).ratings) {
      if (r.jerseyNumber === null) continue;
      expect(english).toContain(`>#${r.jerseyNumber}</text>`);
      // The number and its sign alone in their text, isolated left to right: it reads #7, never 7#.
      expect(arabic).toContain(`>\u2066#${r.jerseyNumber}\u2069</text>`);
    }
    // The manager has no number, and no "#" drawn for one.
    expect(arabic.match(/>\u2066#\d+\u2069</g)).toHaveLength(MY_CARD_ROWS - 1);
    // No "#" or "+" before a figure anywhere outside such a run, where a right-to-left line would flip it.
    for (const d of drawn(arabic)) {
      if (d.tag !== 'text') continue;
      expect(d.rtl, d.content).toBe(true);
      // (An escape, &#38;, is not a figure.)
      const outside = d.content.replace(/&#\d+;/g, '&').replace(/\u2066[^\u2069]*\u2069/g, '');
      expect(outside, d.content).not.toMatch(/[#+]\d/);
    }
  });

  it('draws the Arabic Man of the Match chip around its text, anchored at its right end', () => {
    for (const locale of ['en', 'ar'] as const) {
      const svg = myRatingsCardSvg(card(17), 'Club', colours, cardText(locale));
      const footer = drawn(svg, 'footer');
      const chip = footer.find((d) => d.id === 'motm-chip') as Drawn;
      const [label, name] = footer.filter((d) => d.tag === 'text') as [Drawn, Drawn];
      expect(plain(name.content)).toBe('Matthijs de Ligt');
      for (const [text, weight] of [
        [label, 'bold'],
        [name, 'bold'],
      ] as const) {
        const { left, right } = extent(text, weight);
        expect(left, `${locale} ${text.content}`).toBeGreaterThanOrEqual(chip.x);
        expect(right, `${locale} ${text.content}`).toBeLessThanOrEqual(chip.x + chip.width);
      }
      if (locale === 'ar') {
        // Mirrored: the chip at the card's right, its text starting from its right end.
        expect(chip.x + chip.width).toBe(1152);
        expect(label.rtl && label.anchor === 'start').toBe(true);
        expect(label.x).toBeGreaterThan(chip.x + chip.width / 2);
      } else expect(chip.x).toBe(48);
    }
    // A name too long for the chip is cut inside it.
    const long = myRatingsCardSvg(
      { ...card(4), myMotm: { id: 1, name: 'Maximilian-Alexander Wolfgang von Hohenzollern-Sigmaringen' } },
      'Club',
      colours,
      cardText('ar'),
    );
    const chip = byId(long, 'motm-chip');
    const name = drawn(long, 'footer').filter((d) => d.tag === 'text')[1] as Drawn;
    expect(plain(name.content)).toMatch(/…$/);
    expect(extent(name, 'bold').left).toBeGreaterThanOrEqual(chip.x);
  });

  it('measures text as DejaVu Sans draws it, and cuts it to its room', () => {
    expect(textWidth('Mo', 100, 'bold')).toBeCloseTo(99.5 + 68.7, 0);
    // An accented letter is as wide as its letter.
    expect(textWidth('Martínez', 20, 'bold')).toBe(textWidth('Martinez', 20, 'bold'));
    expect(textWidth('\u2066#7\u2069', 20, 'bold')).toBe(textWidth('#7', 20, 'bold'));
    expect(fitText('Short', 500, 20, 'bold')).toBe('Short');
    const cut = fitText('Wolverhampton Wanderers', 150, 20, 'bold');
    expect(cut).toMatch(/^Wolverh.*…$/);
    expect(textWidth(cut, 20, 'bold')).toBeLessThanOrEqual(150);
  });

  it('names its file after the opponent, in plain letters only', () => {
    expect(myRatingsCardFileName('Villa <script>')).toBe('my-ratings-villa-script.png');
    expect(myRatingsCardFileName('Atlético Madrid')).toBe('my-ratings-atletico-madrid.png');
    expect(myRatingsCardFileName('"; rm -rf /')).toBe('my-ratings-rm-rf.png');
    expect(myRatingsCardFileName('***')).toBe('my-ratings-match.png');
  });
});
