import type { LeaderboardEntry, RatingDistribution } from '@shared/ratings';
import { RATING_ERRORS } from '@shared/ratings';
import type { MotmResult } from '@shared/votes';
import { VOTE_ERRORS } from '@shared/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  createFan,
  type LiveMatch,
  rateAll,
  setupLiveMatch,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';

let t: TestContext;
let live: LiveMatch;
beforeAll(async () => {
  t = await createTestContext();
  live = await setupLiveMatch(t);
});
afterAll(() => t.close());

const voteUrl = (userId: string, suffix = '') => `/api/user-votes/${userId}/match/${live.match.id}${suffix}`;
const vote = (
  fan: {
    api: { post: (u: string, b: unknown) => Promise<{ status: number; body: unknown }> };
    user: { id: string };
  },
  motmPlayerId: number,
) =>
  fan.api.post('/api/user-votes', {
    userId: fan.user.id,
    matchId: live.match.id,
    motmPlayerId,
    isComplete: true,
  });

/**
 * Until the match's kept figures hold `totalVotes` votes. A MOTM read serves the figures kept, up to a
 * tick old, with only the reader's own vote folded in: a test of the tally itself waits for the tick.
 */
async function votesCounted(admin: Client, matchId: number, totalVotes: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const motm = (await admin.get<MotmResult>(`/api/motm/${matchId}`)).body;
    if (motm?.totalVotes === totalVotes) return;
    if (Date.now() > deadline) throw new Error(`figures still hold ${motm?.totalVotes ?? 0} votes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the final vote', () => {
  it('tracks progress, then takes one vote once everyone is rated', async () => {
    const fan = await createFan(t);
    const motm = live.starters[0]?.id ?? 0;
    expect((await fan.api.get(voteUrl(fan.user.id, '/progress'))).body).toEqual({
      completed: 0,
      total: live.available.length,
    });
    expect((await fan.api.get(voteUrl(fan.user.id, '/has-voted'))).body).toEqual({ hasVoted: false });
    expect((await fan.api.get(voteUrl(fan.user.id))).body).toBeNull();

    const early = await vote(fan, motm);
    expect(early).toEqual({
      status: 400,
      body: {
        message: 'Rate every player and the manager before submitting your vote',
        code: 'vote.rateAllFirst',
      },
    });

    await rateAll(fan.api, fan.user.id, live, 8);
    expect((await fan.api.get(voteUrl(fan.user.id, '/progress'))).body).toEqual({
      completed: live.available.length,
      total: live.available.length,
    });
    expect(await vote(fan, live.manager.id)).toEqual({ status: 400, body: VOTE_ERRORS.managerNotMotm });
    const benched = live.squad.find((p) => !live.available.includes(p))?.id ?? 0;
    expect(await vote(fan, benched)).toEqual({ status: 400, body: VOTE_ERRORS.motmNotAvailable });

    const ok = await vote(fan, motm);
    expect(ok.status).toBe(201);
    expect((await fan.api.get(voteUrl(fan.user.id, '/has-voted'))).body).toEqual({ hasVoted: true });
    expect((await fan.api.get(voteUrl(fan.user.id))).body).toEqual({
      userId: fan.user.id,
      matchId: live.match.id,
      motmPlayerId: motm,
      isComplete: true,
    });
    expect(await vote(fan, motm)).toEqual({
      status: 409,
      body: RATING_ERRORS.alreadyVoted,
    });
    const again = await fan.api.post('/api/ratings', {
      userId: fan.user.id,
      playerId: motm,
      matchId: live.match.id,
      rating: 1,
    });
    expect(again).toEqual({
      status: 409,
      body: RATING_ERRORS.alreadyVoted,
    });
  });

  it('is one vote even when two tabs submit at once', async () => {
    const fan = await createFan(t);
    await rateAll(fan.api, fan.user.id, live, 6);
    const answers = await Promise.all([
      vote(fan, live.starters[1]?.id ?? 0),
      vote(fan, live.starters[2]?.id ?? 0),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('refuses another userId (403), no consent (403), and reading another fan’s vote (403)', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const noConsent = await createFan(t, { consent: false });
    const res = await fan.api.post('/api/user-votes', {
      userId: other.user.id,
      matchId: live.match.id,
      motmPlayerId: live.starters[0]?.id,
    });
    expect(res.status).toBe(403);
    expect((await vote(noConsent, live.starters[0]?.id ?? 0)).status).toBe(403);
    expect((await other.api.get(voteUrl(fan.user.id, '/progress'))).status).toBe(403);
    expect((await other.api.get(voteUrl(fan.user.id, '/has-voted'))).status).toBe(403);
    expect((await live.admin.api.get(voteUrl(fan.user.id, '/has-voted'))).status).toBe(200);
  });
});

describe('results after voting', () => {
  it('keeps the leaderboard, MOTM result and distribution from fans until they vote; admins see them', async () => {
    const fan = await createFan(t);
    for (const url of [
      `/api/leaderboard/match/${live.match.id}`,
      `/api/motm/${live.match.id}`,
      `/api/ratings/match/${live.match.id}/distribution`,
    ]) {
      expect((await fan.api.get(url)).status, url).toBe(403);
      expect((await live.admin.api.get(url)).status, url).toBe(200);
    }
  });

  it('ranks by average to one decimal, then rating count, then name; top 10 only', async () => {
    const match = await setupLiveMatch(t, { opponent: 'Newcastle' });
    const [gk, d1, d2, d3] = match.starters;
    // Three fans: gk 9,9,8 (8.7); d1 and d2 tie on 8.0 with d1 rated by more fans; d3 one 8 then unrated.
    const fans = await Promise.all([createFan(t), createFan(t), createFan(t)]);
    const plan = (i: number) => (p: { id: number }) => {
      if (p.id === gk?.id) return [9, 9, 8][i] ?? 5;
      if (p.id === d1?.id) return 8;
      if (p.id === d2?.id) return [8, 8, 8][i] ?? 5;
      if (p.id === d3?.id) return [10, 6, 8][i] ?? 5;
      return 5;
    };
    for (const [i, f] of fans.entries()) await rateAll(f.api, f.user.id, match, plan(i));
    const voter = fans[0];
    if (!voter) throw new Error('no fan');
    await voter.api.post('/api/user-votes', {
      userId: voter.user.id,
      matchId: match.match.id,
      motmPlayerId: gk?.id,
    });
    const board = (await voter.api.get<LeaderboardEntry[]>(`/api/leaderboard/match/${match.match.id}`)).body;
    expect(board).toHaveLength(10);
    expect(board[0]).toMatchObject({ id: gk?.id, averageRating: 8.7, ratingCount: 3 });
    const eights = board.filter((e) => e.averageRating === 8).map((e) => e.name);
    expect(eights).toEqual([...eights].sort((a, b) => a.localeCompare(b)));
    expect(board.every((e, i) => i === 0 || (board[i - 1]?.averageRating ?? 0) >= e.averageRating)).toBe(
      true,
    );
    for (const entry of board) expect(Number.isInteger(entry.averageRating * 10)).toBe(true);

    const dist = (
      await voter.api.get<RatingDistribution>(`/api/ratings/match/${match.match.id}/distribution`)
    ).body;
    expect(dist.find((d) => d.playerId === gk?.id)?.counts).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 2, 0]);
  });

  it('gives the MOTM winner’s share to one decimal, the players tied with it, and vote counts to admins only', async () => {
    const match = await setupLiveMatch(t, { opponent: 'Aston Villa' });
    const [a, b, c] = match.starters;
    const fans = await Promise.all(Array.from({ length: 6 }, () => createFan(t)));
    const picks = [a, a, b, b, c, a];
    for (const [i, f] of fans.entries()) {
      await rateAll(f.api, f.user.id, match, 7);
      expect(
        (
          await f.api.post('/api/user-votes', {
            userId: f.user.id,
            matchId: match.match.id,
            motmPlayerId: picks[i]?.id,
          })
        ).status,
      ).toBe(201);
      if (i === 3) {
        await votesCounted(match.admin.api, match.match.id, 4);
        const tie = (await f.api.get<MotmResult>(`/api/motm/${match.match.id}`)).body;
        expect(tie?.percentage).toBe(50);
        const names = [tie?.player.name, ...(tie?.tiedWith ?? []).map((p) => p.name)];
        expect(names).toEqual([a?.name, b?.name].sort((x, y) => (x ?? '').localeCompare(y ?? '')));
      }
    }
    await votesCounted(match.admin.api, match.match.id, 6);
    const fan = fans[0];
    const result = (await fan?.api.get<MotmResult>(`/api/motm/${match.match.id}`))?.body;
    expect(result).toEqual({
      player: {
        id: a?.id,
        name: a?.name,
        position: a?.position,
        image: a?.image ?? null,
        // The winner's portrait, for a winner without a photo: the same one the squad list names.
        portraitUrl: a?.portraitUrl,
      },
      percentage: 50,
      tiedWith: [],
    });
    const forAdmin = (await match.admin.api.get<MotmResult>(`/api/motm/${match.match.id}`)).body;
    expect(forAdmin).toMatchObject({ voteCount: 3, percentage: 50, totalVotes: 6 });
  });

  it('opens the results to everyone once the match has ended, and refuses votes then', async () => {
    const match = await setupLiveMatch(t, { opponent: 'Brighton' });
    const fan = await createFan(t);
    await rateAll(fan.api, fan.user.id, match, 7);
    await match.admin.api.patch(`/api/matches/${match.match.id}`, { isLive: false });
    expect((await fan.api.get(`/api/leaderboard/match/${match.match.id}`)).status).toBe(200);
    expect(
      (await fan.api.get(`/api/ratings/player/${match.starters[0]?.id}/match/${match.match.id}`)).status,
    ).toBe(200);
    const late = await fan.api.post('/api/user-votes', {
      userId: fan.user.id,
      matchId: match.match.id,
      motmPlayerId: match.starters[0]?.id,
    });
    expect(late.status).toBe(409);
    expect((late.body as { message: string }).message.startsWith('Voting has ended')).toBe(true);
  });
});

describe('the MOTM read just after one’s own vote', () => {
  // Figures recomputed at most every 5 s: a read that waited for new ones would take seconds.
  let slow: TestContext;
  beforeAll(async () => {
    slow = await createTestContext({ snapshots: { minIntervalMs: 5_000, maxAgeMs: 60_000 } });
  });
  afterAll(() => slow.close());

  it('counts the fan’s vote in their answer at once, and leaves other fans’ answers as they were', async () => {
    const match = await setupLiveMatch(slow);
    const [a, b] = match.starters;
    if (!a || !b) throw new Error('no starters');
    const [early, voter] = await Promise.all([createFan(slow), createFan(slow)]);
    const motmUrl = `/api/motm/${match.match.id}`;
    const castVote = async (fan: typeof early, pick: number) => {
      const answer = await fan.api.post('/api/user-votes', {
        userId: fan.user.id,
        matchId: match.match.id,
        motmPlayerId: pick,
      });
      expect(answer.status).toBe(201);
    };
    await rateAll(early.api, early.user.id, match, 7);
    await rateAll(voter.api, voter.user.id, match, 7);

    // The figures take in the early vote; the next ones are then at least 5 s away.
    await castVote(early, b.id);
    await votesCounted(match.admin.api, match.match.id, 1);
    const before = (await early.api.get<MotmResult>(motmUrl)).body;
    expect(before).toMatchObject({ player: { id: b.id }, percentage: 100, tiedWith: [] });

    await castVote(voter, a.id);
    const started = Date.now();
    const own = (await voter.api.get<MotmResult>(motmUrl)).body;
    expect(Date.now() - started).toBeLessThan(2_000);
    // Their vote levels a with b: one each, named in alphabetical order.
    expect(own?.percentage).toBe(50);
    const names = [own?.player.name, ...(own?.tiedWith ?? []).map((p) => p.name)];
    expect(names).toEqual([a.name, b.name].sort((x, y) => x.localeCompare(y)));

    // The figures everyone else reads are still the kept ones: the new vote is in no one else's answer.
    expect((await early.api.get<MotmResult>(motmUrl)).body).toEqual(before);
    expect((await match.admin.api.get<MotmResult>(motmUrl)).body).toMatchObject({
      player: { id: b.id },
      voteCount: 1,
      totalVotes: 1,
    });
    // Asked again, the voter's answer still counts their vote.
    expect((await voter.api.get<MotmResult>(motmUrl)).body).toEqual(own);
  });
});
