import type { MatchReport } from '@shared/match-reports';
import type { Player } from '@shared/players';
import type { LeaderboardEntry } from '@shared/ratings';
import { DEFAULT_SHIELD_RULES, type ReviewQueue } from '@shared/shield';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, type LiveMatch, setupLiveMatch } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { users } from '../../db/schema';
import { networkOf } from '../../lib/network';
import { signalsOf, verdictOf } from './shield.service';

describe('the network a fan is counted in', () => {
  it('keeps an IPv4 /24 or an IPv6 /56, never the address, and nothing for local ranges', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:abcd:12ff::1')).toBe('2001:0db8:abcd:1200::/56');
    expect(networkOf('2001:db8::1')).toBe('2001:0db8:0000:0000::/56');
    for (const local of ['127.0.0.1', '10.1.2.3', '192.168.0.4', '172.20.1.1', '::1', 'fe80::1', 'fd00::2'])
      expect(networkOf(local)).toBeNull();
    expect(networkOf('not an address')).toBeNull();
    expect(networkOf(undefined)).toBeNull();
  });
});

describe('the rules', () => {
  const facts = {
    user_id: 'u',
    ratings: 15,
    seconds: 120,
    all_low: false,
    all_high: false,
    gap: 2,
    new_account: false,
    first_match: false,
    domain: 'example.com',
    crowded: false,
    decided: false,
  };
  it('a new fan at their first match is counted; a brigade ballot is held or excluded', () => {
    const rules = DEFAULT_SHIELD_RULES;
    const newcomer = signalsOf({ ...facts, new_account: true, first_match: true }, rules);
    expect(newcomer).toEqual(['newAccount', 'firstMatch']);
    expect(verdictOf(newcomer, rules)).toEqual({ points: 2, verdict: 'counted' });
    const brigade = signalsOf(
      { ...facts, new_account: true, first_match: true, crowded: true, gap: 6, seconds: 4 },
      rules,
    );
    expect(brigade).toEqual(['newAccount', 'firstMatch', 'crowdedNetwork', 'tooFast', 'extremeRun']);
    expect(verdictOf(brigade, rules)).toEqual({ points: 8, verdict: 'excluded' });
    const slower = signalsOf(
      { ...facts, new_account: true, first_match: true, crowded: true, gap: 6 },
      rules,
    );
    expect(verdictOf(slower, rules)).toEqual({ points: 6, verdict: 'held' });
    expect(signalsOf({ ...facts, all_high: true, domain: 'Mailinator.com' }, rules)).toEqual([
      'extremeRun',
      'disposableMail',
    ]);
    // Switched off: the signals are still read, every ballot counts.
    expect(verdictOf(brigade, { ...rules, enabled: false }).verdict).toBe('counted');
  });
});

let t: TestContext;
let live: LiveMatch;
beforeAll(async () => {
  t = await createTestContext({ shield: true });
  live = await setupLiveMatch(t, { opponent: 'Rival Forum FC' });
});
afterAll(() => t?.close());

/** A fan's ballot, sent from `address`: every player rated (the target `targetRating`), then the vote. */
async function ballot(
  fan: Awaited<ReturnType<typeof createFan>>,
  address: string,
  rating: (p: Player) => number,
  motm: Player,
) {
  for (const p of live.available) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      headers: { cookie: fan.cookie },
      remoteAddress: address,
      payload: { userId: fan.user.id, playerId: p.id, matchId: live.match.id, rating: rating(p) },
    });
    expect(res.statusCode).toBe(200);
  }
  const vote = await t.app.inject({
    method: 'POST',
    url: '/api/user-votes',
    headers: { cookie: fan.cookie },
    remoteAddress: address,
    payload: { userId: fan.user.id, matchId: live.match.id, motmPlayerId: motm.id },
  });
  expect(vote.statusCode).toBe(201);
  // The ballot is read after the answer, with the other votes of the moment.
  await t.app.ballotReviews.idle();
}

describe('a brigade against one player', () => {
  it('is held back from every published figure, listed for review with its reasons, and a decision is kept', async () => {
    const [target, star] = live.starters as [Player, Player];
    // The honest crowd: season regulars with an earlier match, each from their own network, taking their time.
    const earlier = (await live.admin.api.post<{ id: number }>('/api/matches', { opponent: 'Earlier FC' }))
      .body;
    const honest = await Promise.all(Array.from({ length: 8 }, () => createFan(t)));
    for (const [i, fan] of honest.entries()) {
      await t.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 90 * 86_400_000), signupNetwork: `198.51.${i}.0/24` })
        .where(eq(users.id, fan.user.id));
      await t.db.execute(
        sql`insert into ratings (user_id, player_id, match_id, rating) values (${fan.user.id}, ${star.id}, ${earlier.id}, 7)`,
      );
    }
    // Spread over minutes, as a person rates.
    const taps = sql`created_at = now() - interval '3 minutes'`;
    for (const [i, fan] of honest.entries()) {
      await ballot(fan, `198.51.${i}.20`, (p) => (p.id === target.id ? 7 + (i % 2) : 6 + (i % 3)), star);
      await t.db.execute(
        sql`update ratings set ${taps} where user_id = ${fan.user.id} and match_id = ${live.match.id}`,
      );
    }
    const anyone = client(t);
    const honestBoard = await live.admin.api.get<LeaderboardEntry[]>(
      `/api/leaderboard/match/${live.match.id}`,
    );
    const honestTarget = honestBoard.body.find((e) => e.id === target.id)?.averageRating ?? 0;

    // The brigade: accounts made minutes ago on one network, each singling the target out with a 1, fast.
    const brigade = await Promise.all(Array.from({ length: 6 }, () => createFan(t)));
    await t.db
      .update(users)
      .set({ signupNetwork: '203.0.113.0/24' })
      .where(sql`${users.id} in ${brigade.map((f) => f.user.id)}`);
    for (const [i, fan] of brigade.entries())
      await ballot(fan, `203.0.113.${10 + i}`, (p) => (p.id === target.id ? 1 : 8), star);

    // The published averages are the honest crowd's, the target's included.
    const board = await live.admin.api.get<LeaderboardEntry[]>(`/api/leaderboard/match/${live.match.id}`);
    expect(
      Math.abs((board.body.find((e) => e.id === target.id)?.averageRating ?? 0) - honestTarget),
    ).toBeLessThanOrEqual(0.1);

    // The review queue lists every brigade ballot with its reasons; no honest ballot is in it.
    const queue = await live.admin.api.get<ReviewQueue>(`/api/admin/shield/reviews?matchId=${live.match.id}`);
    expect(queue.status).toBe(200);
    expect(queue.body.counted).toBe(honest.length);
    expect(queue.body.held + queue.body.excluded).toBe(brigade.length);
    expect(queue.body.ballots.map((b) => b.userId).sort()).toEqual(brigade.map((f) => f.user.id).sort());
    for (const b of queue.body.ballots) {
      expect(b.signals).toEqual(expect.arrayContaining(['newAccount', 'crowdedNetwork', 'extremeRun']));
      expect(b.decidedBy).toBeNull();
    }
    // A held-back fan is never told: their own ratings and vote read as before.
    const member = brigade[0] as (typeof brigade)[number];
    const own = await member.api.get<{ hasVoted: boolean }>(
      `/api/user-votes/${member.user.id}/match/${live.match.id}/has-voted`,
    );
    expect(JSON.stringify(own.body)).not.toMatch(/held|excluded|shield/i);

    // Full time: the report rests on the honest crowd and says how many were held back.
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '1-1' });
    const report = (await anyone.get<MatchReport>(`/api/matches/${live.match.id}/report`)).body;
    expect(report).toMatchObject({
      raters: honest.length,
      heldBack: brigade.length,
      totalVotes: honest.length,
    });
    expect(
      Math.abs((report.players.find((p) => p.id === target.id)?.averageRating ?? 0) - honestTarget),
    ).toBeLessThanOrEqual(0.1);

    // The admin restores one: it counts again, the decision is kept with who made it and when, and a later
    // reading (a correction of the ended match) does not undo it.
    const restored = await live.admin.api.post<ReviewQueue['ballots'][number]>(
      `/api/admin/shield/reviews/${live.match.id}/${member.user.id}`,
      { verdict: 'counted' },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ verdict: 'counted', decidedBy: live.admin.user.name });
    expect(Date.parse(restored.body.decidedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { score: '2-1' });
    const after = (await anyone.get<MatchReport>(`/api/matches/${live.match.id}/report`)).body;
    expect(after).toMatchObject({ raters: honest.length + 1, heldBack: brigade.length - 1 });
    const kept = await live.admin.api.get<ReviewQueue>(`/api/admin/shield/reviews?matchId=${live.match.id}`);
    expect(kept.body.ballots.find((b) => b.userId === member.user.id)).toMatchObject({
      verdict: 'counted',
      decidedBy: live.admin.user.name,
    });

    // A held-back fan who deletes their account takes that ballot with them: it never counts as anonymous rows.
    const leaver = brigade[1] as (typeof brigade)[number];
    expect((await live.admin.api.delete(`/api/admin/users/${leaver.user.id}`)).status).toBe(200);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { score: '3-1' });
    const afterLeaving = (await anyone.get<MatchReport>(`/api/matches/${live.match.id}/report`)).body;
    expect(afterLeaving).toMatchObject({ raters: honest.length + 1, heldBack: brigade.length - 2 });
    expect(afterLeaving.totalRatings).toBe(after.totalRatings);
  });

  it('rules are the admin’s to read and tune, within their ranges', async () => {
    const fan = await createFan(t);
    expect((await fan.api.get('/api/admin/shield/rules')).status).toBe(403);
    expect((await live.admin.api.get('/api/admin/shield/rules')).body).toEqual(DEFAULT_SHIELD_RULES);
    const tuned = { ...DEFAULT_SHIELD_RULES, holdAt: 6, excludeAt: 9 };
    expect((await live.admin.api.put('/api/admin/shield/rules', tuned)).body).toEqual(tuned);
    expect((await live.admin.api.get('/api/admin/shield/rules')).body).toEqual(tuned);
    expect((await live.admin.api.put('/api/admin/shield/rules', { ...tuned, excludeAt: 6 })).status).toBe(
      400,
    );
    await live.admin.api.put('/api/admin/shield/rules', DEFAULT_SHIELD_RULES);
  });
});
