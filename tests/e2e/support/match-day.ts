import { type APIRequestContext, expect, request } from '@playwright/test';
import type { Match } from '../../../src/shared/matches';
import type { Player } from '../../../src/shared/players';
import { verificationLinkFor } from './fixtures';
import { E2E_ADMIN, type E2EServer } from './servers';

export interface E2ELiveMatch extends E2ESquad {
  admin: APIRequestContext;
  match: Match;
}

/** The players an admin publishes for a match: 11 starters (a goalkeeper first), substitutes, the manager. */
export interface E2ESquad {
  starters: Player[];
  substitutes: Player[];
  manager: Player;
  available: Player[];
}

/** As the admin, through the API: pick 11 starters, `subs` substitutes and the manager, and publish them. */
export async function publishSquad(admin: APIRequestContext, subs = 2): Promise<E2ESquad> {
  const squad = (await (await admin.get('/api/players')).json()) as Player[];
  const manager = squad.find((p) => p.isManager) as Player;
  const outfield = squad.filter((p) => !p.isManager);
  const keeper = outfield.find((p) => p.position === 'Goalkeeper') as Player;
  const starters = [keeper, ...outfield.filter((p) => p.position !== 'Goalkeeper').slice(0, 10)];
  const substitutes = outfield.filter((p) => !starters.includes(p)).slice(0, subs);
  const available = [...starters, ...substitutes, manager];
  expect(
    (
      await admin.post('/api/admin/update-squad', {
        data: {
          startingXI: [...starters.map((p) => p.id), manager.id],
          substitutes: substitutes.map((p) => p.id),
        },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await admin.post('/api/admin/available-for-rating', {
        data: { playerIds: available.map((p) => p.id) },
      })
    ).status(),
  ).toBe(200);
  return { starters, substitutes, manager, available };
}

/**
 * As the admin, through the API: pick 11 starters, 2 substitutes (or `substitutes`) and the manager, publish
 * them and start a match (which ends any other on the worker's server).
 */
export async function startMatchAsAdmin(
  baseURL: string,
  opponent: string,
  { substitutes: subs = 2 }: { substitutes?: number } = {},
): Promise<E2ELiveMatch> {
  const admin = await request.newContext({ baseURL });
  try {
    expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    const squad = await publishSquad(admin, subs);
    const created = (await (await admin.post('/api/matches', { data: { opponent } })).json()) as Match;
    const match = (await (
      await admin.patch(`/api/matches/${created.id}`, { data: { isLive: true } })
    ).json()) as Match;
    expect(match.isLive).toBe(true);
    return { admin, match, ...squad };
  } catch (error) {
    await admin.dispose();
    throw error;
  }
}

export interface E2EApiFan {
  api: APIRequestContext;
  userId: string;
}

/** A fan who only uses the API: registered, verified, signed in, consent given. */
export async function apiFan(server: E2EServer, email: string, name = 'API Fan'): Promise<E2EApiFan> {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${server.port}` });
  const password = 'match-day-password';
  const registered = await api.post('/api/auth/register', {
    data: { email, password, name, newsletterOptIn: false },
  });
  expect(registered.status()).toBe(201);
  const token = new URL(await verificationLinkFor(server, email)).searchParams.get('token');
  expect((await api.post('/api/auth/confirm', { data: { token } })).status()).toBe(200);
  expect((await api.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  const { user } = (await (await api.get('/api/auth/me')).json()) as { user: { id: string } };
  const consent = await api.patch(`/api/user/${user.id}/consent`, {
    data: { consentGiven: true, geolocationConsent: false },
  });
  expect(consent.ok()).toBe(true);
  return { api, userId: user.id };
}

/** Through the API, `fan` rates every player of the live match, each as `ratingOf` says. */
export async function rateAllByApi(
  fan: E2EApiFan,
  live: Pick<E2ELiveMatch, 'match' | 'available'>,
  ratingOf: (player: Player) => number,
): Promise<void> {
  for (const player of live.available) {
    const rated = await fan.api.post('/api/ratings', {
      data: { userId: fan.userId, playerId: player.id, matchId: live.match.id, rating: ratingOf(player) },
    });
    expect(rated.ok()).toBe(true);
  }
}

/** Through the API, `fan` submits the final vote with `motm` as the Man of the Match. */
export async function voteByApi(fan: E2EApiFan, matchId: number, motm: Player): Promise<void> {
  const voted = await fan.api.post('/api/user-votes', {
    data: { userId: fan.userId, matchId, motmPlayerId: motm.id },
  });
  expect(voted.ok()).toBe(true);
}
