import type { MatchReport } from '@shared/match-reports';
import type { Player } from '@shared/players';
import { DEFAULT_GROUND, DEFAULT_SHIELD_RULES, type ShieldRules } from '@shared/shield';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, type LiveMatch, setupLiveMatch } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { userVotes } from '../../db/schema';
import { distanceMetres, groundMark } from './ground.service';

const OLD_TRAFFORD = { latitude: 53.4631, longitude: -2.2913 };
const ETIHAD = { latitude: 53.4831, longitude: -2.2004 };
const ground = { ...DEFAULT_GROUND, enabled: true, ...OLD_TRAFFORD, radiusMetres: 600, minFans: 2 };

describe('the ground', () => {
  it('measures great-circle distances', () => {
    expect(distanceMetres(OLD_TRAFFORD, OLD_TRAFFORD)).toBe(0);
    // About 6.4 km across Manchester, and a quarter of the equator.
    expect(distanceMetres(OLD_TRAFFORD, ETIHAD)).toBeGreaterThan(6_300);
    expect(distanceMetres(OLD_TRAFFORD, ETIHAD)).toBeLessThan(6_500);
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 }) / 1000).toBeCloseTo(
      10_007.5,
      0,
    );
  });

  it('marks a vote inside its radius, not one outside, and says nothing of a loose fix or an unset ground', () => {
    const inStand = { latitude: 53.4635, longitude: -2.2905, accuracy: 30 };
    expect(groundMark(inStand, ground)).toBe(true);
    expect(groundMark({ ...ETIHAD, accuracy: 30 }, ground)).toBe(false);
    expect(groundMark({ ...inStand, accuracy: 2_000 }, ground)).toBeNull();
    expect(groundMark(inStand, { ...ground, enabled: false })).toBeNull();
  });
});

let t: TestContext;
let live: LiveMatch;
beforeAll(async () => {
  t = await createTestContext();
  live = await setupLiveMatch(t, { opponent: 'Away Day FC' });
});
afterAll(() => t?.close());

/** A fan who rated every player `rating` and voted, sending `location` with the vote. */
async function fanWhoVoted(rating: number, options: { geolocation: boolean; location?: object }) {
  const fan = await createFan(t);
  const consent = await fan.api.patch(`/api/user/${fan.user.id}/consent`, {
    consentGiven: true,
    geolocationConsent: options.geolocation,
  });
  expect(consent.status).toBe(200);
  for (const p of live.available) {
    const res = await fan.api.post('/api/ratings', {
      userId: fan.user.id,
      playerId: p.id,
      matchId: live.match.id,
      rating,
    });
    expect(res.status).toBe(200);
  }
  const vote = await fan.api.post('/api/user-votes', {
    userId: fan.user.id,
    matchId: live.match.id,
    motmPlayerId: (live.starters[0] as Player).id,
    location: options.location,
  });
  expect(vote.status).toBe(201);
  // Nothing of the position comes back.
  expect(JSON.stringify(vote.body)).not.toMatch(/latitude|longitude|ground/i);
  return fan;
}

async function markOf(userId: string) {
  const [row] = await t.db
    .select({ atGround: userVotes.atGround })
    .from(userVotes)
    .where(and(eq(userVotes.userId, userId), eq(userVotes.matchId, live.match.id)));
  return row?.atGround;
}

describe('ballots at the ground', () => {
  it('are marked only for fans who consented, and the report shows the ground’s verdict beside everyone’s', async () => {
    const anyone = client(t);
    expect((await anyone.get('/api/ground')).body).toEqual({ active: false });
    const fan = await createFan(t);
    expect((await fan.api.put('/api/admin/shield/rules', { ...DEFAULT_SHIELD_RULES, ground })).status).toBe(
      403,
    );
    const saved = await live.admin.api.put<ShieldRules>('/api/admin/shield/rules', {
      ...DEFAULT_SHIELD_RULES,
      ground,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.ground).toEqual(ground);
    const status = await t.app.inject({ url: '/api/ground' });
    expect(status.json()).toEqual({ active: true });
    expect(status.headers['cache-control']).toBe('public, max-age=60');
    // Out of range, the ground is refused with its own message.
    const wrong = await live.admin.api.put('/api/admin/shield/rules', {
      ...DEFAULT_SHIELD_RULES,
      ground: { ...ground, latitude: 91 },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toMatch(/Check the ground/);

    const stand = { latitude: 53.4629, longitude: -2.292, accuracy: 25 };
    const inStand = await fanWhoVoted(9, { geolocation: true, location: stand });
    const alsoInStand = await fanWhoVoted(8, { geolocation: true, location: { ...stand, accuracy: 80 } });
    const atHome = await fanWhoVoted(5, { geolocation: true, location: { ...ETIHAD, accuracy: 20 } });
    // A position from a fan who did not consent to location is never read.
    const noConsent = await fanWhoVoted(5, { geolocation: false, location: stand });
    const noPosition = await fanWhoVoted(6, { geolocation: true });
    expect(await markOf(inStand.user.id)).toBe(true);
    expect(await markOf(alsoInStand.user.id)).toBe(true);
    expect(await markOf(atHome.user.id)).toBe(false);
    expect(await markOf(noConsent.user.id)).toBeNull();
    expect(await markOf(noPosition.user.id)).toBeNull();

    // A position out of its range is refused like any malformed vote.
    const late = await createFan(t);
    const bad = await late.api.post('/api/user-votes', {
      userId: late.user.id,
      matchId: live.match.id,
      motmPlayerId: (live.starters[0] as Player).id,
      location: { latitude: 200, longitude: 0, accuracy: 5 },
    });
    expect(bad.status).toBe(400);

    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '2-0' });
    const report = (await anyone.get<MatchReport>(`/api/matches/${live.match.id}/report`)).body;
    expect(report.raters).toBe(5);
    expect(report.ground?.raters).toBe(2);
    for (const p of live.available) {
      expect(report.ground?.players.find((g) => g.id === p.id)).toEqual({
        id: p.id,
        averageRating: 8.5,
        ratingCount: 2,
      });
      expect(report.players.find((r) => r.id === p.id)?.averageRating).toBe(6.6);
    }

    // Fewer fans at the ground than the club asks for: no ground verdict.
    await live.admin.api.put('/api/admin/shield/rules', {
      ...DEFAULT_SHIELD_RULES,
      ground: { ...ground, minFans: 3 },
    });
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { score: '2-1' });
    expect((await anyone.get<MatchReport>(`/api/matches/${live.match.id}/report`)).body.ground).toBeNull();
    await live.admin.api.put('/api/admin/shield/rules', DEFAULT_SHIELD_RULES);
  });
});
