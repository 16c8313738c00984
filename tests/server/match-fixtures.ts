import type { MatchReport } from '@shared/match-reports';
import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { seedDatabase } from '../../src/server/db/seed';
import { createUser, type TestContext, type UserFactoryOptions } from './test-app';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** Calls the app as one client (cookie), with JSON in and out. */
export function client(t: TestContext, cookie?: string) {
  const call = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T } satisfies ApiAnswer<T>;
  };
  return {
    get: <T = unknown>(url: string) => call<T>('GET', url),
    post: <T = unknown>(url: string, body?: unknown) => call<T>('POST', url, body ?? {}),
    patch: <T = unknown>(url: string, body: unknown) => call<T>('PATCH', url, body),
    put: <T = unknown>(url: string, body: unknown) => call<T>('PUT', url, body),
    delete: <T = unknown>(url: string) => call<T>('DELETE', url),
  };
}
export type Client = ReturnType<typeof client>;

export async function createFan(t: TestContext, options: UserFactoryOptions = {}) {
  const fan = await createUser(t.db, { consent: true, ...options });
  return { ...fan, api: client(t, fan.cookie) };
}

export interface LiveMatch {
  admin: Awaited<ReturnType<typeof createFan>>;
  match: Match;
  squad: Player[];
  starters: Player[];
  substitutes: Player[];
  manager: Player;
  /** Everyone a fan must rate: starters, substitutes and the manager. */
  available: Player[];
}

/** The seeded squad, 11 starters, 2 substitutes and the manager published, and a live match, all through the admin API. */
export async function setupLiveMatch(
  t: TestContext,
  options: { live?: boolean; opponent?: string } = {},
): Promise<LiveMatch> {
  await seedDatabase(t.db, 'Manchester United');
  const admin = await createFan(t, { isAdmin: true });
  const squad = (await admin.api.get<Player[]>('/api/players')).body;
  const manager = squad.find((p) => p.isManager);
  if (!manager) throw new Error('no manager in the seeded squad');
  const outfield = squad.filter((p) => !p.isManager);
  const starters = [
    outfield.find((p) => p.position === 'Goalkeeper') as Player,
    ...outfield.filter((p) => p.position !== 'Goalkeeper').slice(0, 10),
  ];
  const substitutes = outfield.filter((p) => !starters.includes(p)).slice(0, 2);
  const squadRes = await admin.api.post('/api/admin/update-squad', {
    startingXI: [...starters.map((p) => p.id), manager.id],
    substitutes: substitutes.map((p) => p.id),
  });
  if (squadRes.status !== 200) throw new Error(`update-squad: ${JSON.stringify(squadRes.body)}`);
  const available = [...starters, ...substitutes, manager];
  const publish = await admin.api.post('/api/admin/available-for-rating', {
    playerIds: available.map((p) => p.id),
  });
  if (publish.status !== 200) throw new Error(`publish: ${JSON.stringify(publish.body)}`);
  let match = (await admin.api.post<Match>('/api/matches', { opponent: options.opponent ?? 'Arsenal' })).body;
  if (options.live !== false)
    match = (await admin.api.patch<Match>(`/api/matches/${match.id}`, { isLive: true })).body;
  return { admin, match, squad, starters, substitutes, manager, available };
}

/** Rates every available player with the given value (or per-player values) as one fan. */
export async function rateAll(
  api: Client,
  userId: string,
  live: LiveMatch,
  value: number | ((p: Player) => number) = 7,
) {
  for (const p of live.available) {
    const rating = typeof value === 'number' ? value : value(p);
    const res = await api.post('/api/ratings', { userId, playerId: p.id, matchId: live.match.id, rating });
    if (res.status !== 200) throw new Error(`rating ${p.name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * As one fan: rates every available player (rateAll), then gives the final vote with `motm` (the first
 * starter unless given) as Man of the Match. Throws unless the vote is taken (201).
 */
export async function voteAll(
  fan: { api: Client; user: { id: string } },
  live: LiveMatch,
  value: number | ((p: Player) => number) = 7,
  motm: Player | undefined = live.starters[0],
) {
  await rateAll(fan.api, fan.user.id, live, value);
  const vote = await fan.api.post('/api/user-votes', {
    userId: fan.user.id,
    matchId: live.match.id,
    motmPlayerId: motm?.id,
    isComplete: true,
  });
  if (vote.status !== 201) throw new Error(`vote: ${vote.status} ${JSON.stringify(vote.body)}`);
}

/** A kept report's match: the club won 1-0 at Old Trafford on `playedOn`, against `Opponent <id>`. */
export function reportedMatch(id: number, playedOn: string): MatchReport['match'] {
  return {
    id,
    title: `Match ${id}`,
    opponent: `Opponent ${id}`,
    venue: 'Old Trafford',
    tournament: 'Premier League',
    score: '1-0',
    homeScore: 1,
    awayScore: 0,
    isHome: null,
    playedOn,
  };
}
