import { randomUUID } from 'node:crypto';
import { RATING_ERRORS } from '@shared/ratings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createFan,
  type LiveMatch,
  rateAll,
  setupLiveMatch,
  voteAll,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { ratings } from '../../db/schema';
import { RatingBatches } from './rating-batches';

let t: TestContext;
let live: LiveMatch;
beforeAll(async () => {
  t = await createTestContext();
  live = await setupLiveMatch(t);
});
afterAll(() => t.close());

const body = (userId: string, playerId: number, rating: unknown, matchId = live.match.id) => ({
  userId,
  playerId,
  matchId,
  rating,
});
/** A rating as the route passes it on, already checked. */
const rated = (userId: string, playerId: number, rating: number) => ({
  userId,
  playerId,
  matchId: live.match.id,
  rating,
});
const rowsOf = (userId: string, playerId: number) =>
  t.db
    .select()
    .from(ratings)
    .where(
      and(eq(ratings.userId, userId), eq(ratings.playerId, playerId), eq(ratings.matchId, live.match.id)),
    );

describe('POST /api/ratings', () => {
  it('creates, then replaces: one row per fan, player and match; the same rating twice is one rating', async () => {
    const fan = await createFan(t);
    const p = live.starters[0]?.id ?? 0;
    const first = await fan.api.post('/api/ratings', body(fan.user.id, p, 6));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ playerId: p, rating: 6 });
    expect((await fan.api.post('/api/ratings', body(fan.user.id, p, 9))).status).toBe(200);
    expect((await fan.api.post('/api/ratings', body(fan.user.id, p, 9))).status).toBe(200);
    const stored = await rowsOf(fan.user.id, p);
    expect(stored.map((r) => r.rating)).toEqual([9]);
  });

  it.each([0, 11, 7.5, '8', null])('refuses rating %j with 400 and stores nothing', async (value) => {
    const fan = await createFan(t);
    const p = live.starters[1]?.id ?? 0;
    const res = await fan.api.post('/api/ratings', body(fan.user.id, p, value));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Rating must be a whole number from 1 to 10' });
    expect(await rowsOf(fan.user.id, p)).toEqual([]);
  });

  it('answers 401 signed out, 403 for another userId and 403 without consent', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const noConsent = await createFan(t, { consent: false });
    const p = live.starters[2]?.id ?? 0;
    expect((await client(t).post('/api/ratings', body(fan.user.id, p, 5))).status).toBe(401);
    const asOther = await fan.api.post('/api/ratings', body(other.user.id, p, 5));
    expect(asOther).toEqual({
      status: 403,
      body: RATING_ERRORS.notYourself,
    });
    const consent = await noConsent.api.post('/api/ratings', body(noConsent.user.id, p, 5));
    expect(consent).toEqual({
      status: 403,
      body: {
        message: 'Please accept the privacy and consent terms before rating players.',
        code: 'rating.consentRequired',
      },
    });
    expect(await rowsOf(other.user.id, p)).toEqual([]);
  });

  it('refuses a player who is not available (400) and an unknown match (404)', async () => {
    const fan = await createFan(t);
    const benched = live.squad.find((p) => !live.available.includes(p));
    const res = await fan.api.post('/api/ratings', body(fan.user.id, benched?.id ?? 0, 7));
    expect(res).toEqual({
      status: 400,
      body: RATING_ERRORS.notAvailable,
    });
    expect(
      (await fan.api.post('/api/ratings', body(fan.user.id, live.starters[0]?.id ?? 0, 7, 999_999))).status,
    ).toBe(404);
  });

  it('answers 409 "Voting has ended" when the match is not live', async () => {
    const other = await setupLiveMatch(t, { live: false, opponent: 'Spurs' });
    const fan = await createFan(t);
    const res = await fan.api.post(
      '/api/ratings',
      body(fan.user.id, other.starters[0]?.id ?? 0, 7, other.match.id),
    );
    expect(res).toEqual({
      status: 409,
      body: {
        message: 'Voting has ended. This match has ended and voting is no longer available.',
        code: 'rating.votingEnded',
      },
    });
  });
});

describe('reading ratings', () => {
  it('shows a fan their own rating, an admin anyone’s, another fan nobody’s', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const p = live.starters[3]?.id ?? 0;
    const url = `/api/ratings/user/${fan.user.id}/player/${p}/match/${live.match.id}`;
    expect((await fan.api.get(url)).body).toBeNull();
    await fan.api.post('/api/ratings', body(fan.user.id, p, 8));
    expect((await fan.api.get(url)).body).toMatchObject({ rating: 8 });
    expect((await live.admin.api.get(url)).body).toMatchObject({ rating: 8 });
    expect((await other.api.get(url)).status).toBe(403);
    const all = await fan.api.get(`/api/ratings/user/${fan.user.id}/match/${live.match.id}`);
    expect(all.body).toEqual([{ playerId: p, rating: 8 }]);
    expect((await other.api.get(`/api/ratings/user/${fan.user.id}/match/${live.match.id}`)).status).toBe(403);
  });

  it('hides a player’s average until the fan rated that player; admins see it', async () => {
    const p = live.starters[4]?.id ?? 0;
    const url = `/api/ratings/player/${p}/match/${live.match.id}`;
    const a = await createFan(t);
    const b = await createFan(t);
    await a.api.post('/api/ratings', body(a.user.id, p, 6));
    expect((await b.api.get(url)).status).toBe(403);
    await b.api.post('/api/ratings', body(b.user.id, p, 9));
    // The rater's own write is in the next answer, never a stale one.
    expect((await b.api.get(url)).body).toEqual({ average: 7.5, count: 2 });
    expect((await live.admin.api.get(url)).body).toEqual({ average: 7.5, count: 2 });
    expect((await client(t).get(url)).status).toBe(401);
  });
});

describe('match day concurrency', () => {
  it('many fans at once and one fan re-rating fast end with one row each and the right averages', async () => {
    const fans = await Promise.all(Array.from({ length: 25 }, () => createFan(t)));
    const p = live.starters[5]?.id ?? 0;
    const results = await Promise.all(
      fans.map((f, i) => f.api.post('/api/ratings', body(f.user.id, p, (i % 10) + 1))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);

    const quick = fans[0];
    if (!quick) throw new Error('no fan');
    const burst = await Promise.all(
      [3, 4, 5, 6, 7, 8, 9, 10, 2, 1].map((v) => quick.api.post('/api/ratings', body(quick.user.id, p, v))),
    );
    expect(burst.every((r) => r.status === 200)).toBe(true);
    const mine = await rowsOf(quick.user.id, p);
    expect(mine).toHaveLength(1);

    const all = await t.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.playerId, p), eq(ratings.matchId, live.match.id)));
    expect(all).toHaveLength(25);
    const expected = Math.round((all.reduce((s, r) => s + r.rating, 0) / all.length) * 10) / 10;
    const stats = await quick.api.get<{ average: number; count: number }>(
      `/api/ratings/player/${p}/match/${live.match.id}`,
    );
    expect(stats.body).toEqual({ average: expected, count: 25 });
  });

  it('counts every rating of the match in its stats', async () => {
    const fan = await createFan(t);
    const before = (await fan.api.get<{ totalRatings: number }>(`/api/stats/match/${live.match.id}`)).body
      .totalRatings;
    await rateAll(fan.api, fan.user.id, live, 7);
    const after = await fan.api.get<{ totalRatings: number }>(`/api/stats/match/${live.match.id}`);
    expect(after.body.totalRatings).toBe(before + live.available.length);
  });
});

describe("a fan cannot rate after the final vote (enforced inside the rating's one statement)", () => {
  // Last in the file: this fan's ratings would change the averages the tests above count.
  it('refuses a new rating and a change after the vote with 409, and keeps the voted rating', async () => {
    const fan = await createFan(t);
    await voteAll(fan, live, 6);
    const p = live.starters[1]?.id ?? 0;
    const changed = await fan.api.post('/api/ratings', body(fan.user.id, p, 9));
    expect(changed).toEqual({
      status: 409,
      body: RATING_ERRORS.alreadyVoted,
    });
    expect((await rowsOf(fan.user.id, p)).map((r) => r.rating)).toEqual([6]);
  });
});

describe('ratings arriving together share one statement', () => {
  it('keeps each rule per rating, the later of two for the same player, and answers each its own', async () => {
    const [a, b, voted] = await Promise.all([createFan(t), createFan(t), createFan(t)]);
    if (!a || !b || !voted) throw new Error('no fans');
    await voteAll(voted, live, 5);
    const p = live.starters[2]?.id ?? 0;
    const benched = live.squad.find((player) => !live.available.includes(player))?.id ?? 0;
    const batches = new RatingBatches(t.db);
    // Asked in one turn of the event loop: one batch.
    const answers = await Promise.all([
      batches.save(rated(a.user.id, p, 4)),
      batches.save(rated(b.user.id, p, 8)),
      batches.save(rated(a.user.id, p, 9)),
      batches.save(rated(b.user.id, benched, 7)),
      batches.save(rated(voted.user.id, p, 10)),
    ]);
    expect(answers[0]).toEqual(expect.any(Number));
    expect(answers[2]).toBe(answers[0]);
    expect(answers[1]).toEqual(expect.any(Number));
    expect(answers.slice(3)).toEqual([null, null]);
    expect((await rowsOf(a.user.id, p)).map((r) => r.rating)).toEqual([9]);
    expect((await rowsOf(b.user.id, p)).map((r) => r.rating)).toEqual([8]);
    expect((await rowsOf(voted.user.id, p)).map((r) => r.rating)).toEqual([5]);
  });

  it('a rating the database refuses outright (an account gone meanwhile) does not take the others with it', async () => {
    const fan = await createFan(t);
    const p = live.starters[3]?.id ?? 0;
    const batches = new RatingBatches(t.db);
    const [kept, gone] = await Promise.allSettled([
      batches.save(rated(fan.user.id, p, 6)),
      batches.save(rated(randomUUID(), p, 6)),
    ]);
    expect(kept).toEqual({ status: 'fulfilled', value: expect.any(Number) });
    expect(gone.status).toBe('rejected');
    expect((await rowsOf(fan.user.id, p)).map((r) => r.rating)).toEqual([6]);
  });

  it('through the API, a crowd of fans is saved and the one who already voted is told why', async () => {
    const fans = await Promise.all(Array.from({ length: 12 }, () => createFan(t)));
    const late = fans[0];
    if (!late) throw new Error('no fan');
    await voteAll(late, live, 7);
    const p = live.starters[4]?.id ?? 0;
    const answers = await Promise.all(fans.map((f) => f.api.post('/api/ratings', body(f.user.id, p, 3))));
    expect(answers[0]).toEqual({
      status: 409,
      body: RATING_ERRORS.alreadyVoted,
    });
    expect(answers.slice(1).map((r) => r.status)).toEqual(Array(11).fill(200));
    expect(answers.slice(1).map((r) => r.body)).toEqual(
      Array(11).fill(expect.objectContaining({ rating: 3 })),
    );
  });
});
