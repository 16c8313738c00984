import { type APIRequestContext, expect, request } from '@playwright/test';
import type { Match } from '../../../src/shared/matches';
import type { Player } from '../../../src/shared/players';
import { E2E_ADMIN } from './servers';

export interface E2ELiveMatch {
  admin: APIRequestContext;
  match: Match;
  starters: Player[];
  substitutes: Player[];
  manager: Player;
  available: Player[];
}

/** As the admin, through the API: pick 11 starters, 2 substitutes and the manager, publish them and start a match. */
export async function startMatchAsAdmin(baseURL: string, opponent: string): Promise<E2ELiveMatch> {
  const admin = await request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
  const squad = (await (await admin.get('/api/players')).json()) as Player[];
  const manager = squad.find((p) => p.isManager) as Player;
  const outfield = squad.filter((p) => !p.isManager);
  const keeper = outfield.find((p) => p.position === 'Goalkeeper') as Player;
  const starters = [keeper, ...outfield.filter((p) => p.position !== 'Goalkeeper').slice(0, 10)];
  const substitutes = outfield.filter((p) => !starters.includes(p)).slice(0, 2);
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
      await admin.post('/api/admin/available-for-rating', { data: { playerIds: available.map((p) => p.id) } })
    ).status(),
  ).toBe(200);
  const created = (await (await admin.post('/api/matches', { data: { opponent } })).json()) as Match;
  const match = (await (
    await admin.patch(`/api/matches/${created.id}`, { data: { isLive: true } })
  ).json()) as Match;
  expect(match.isLive).toBe(true);
  return { admin, match, starters, substitutes, manager, available };
}
