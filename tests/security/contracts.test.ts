import { accountApi } from '@shared/account';
import { adminUsersApi } from '@shared/admin-users';
import { analyticsApi } from '@shared/analytics';
import { apiKeysApi } from '@shared/api-keys';
import { authApi } from '@shared/auth';
import { contentApi } from '@shared/content';
import { contentAdminApi } from '@shared/content-admin';
import type { Endpoint } from '@shared/endpoint';
import { ratingsApi, resultsApi, votesApi } from '@shared/match-day';
import { matchesApi } from '@shared/matches';
import { matchesAdminApi } from '@shared/matches-admin';
import { playersApi } from '@shared/players';
import { seasonsAdminApi } from '@shared/seasons-admin';
import { brandingApi } from '@shared/settings';
import { brandingAdminApi } from '@shared/settings-admin';
import { signInApi } from '@shared/sign-in';
import { squadApi } from '@shared/squad';
import { trackingApi } from '@shared/tracking';
import { trackingAdminApi } from '@shared/tracking-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../server/test-app';

/** Every endpoint written as a shared contract object, as the page calls them. */
const CONTRACTS: Record<string, Record<string, Endpoint>> = {
  accountApi,
  adminUsersApi,
  analyticsApi,
  apiKeysApi,
  authApi,
  brandingAdminApi,
  brandingApi,
  contentAdminApi,
  contentApi,
  ratingsApi,
  votesApi,
  resultsApi,
  matchesApi,
  matchesAdminApi,
  playersApi,
  seasonsAdminApi,
  signInApi,
  squadApi,
  trackingAdminApi,
  trackingApi,
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('one contract object per endpoint', () => {
  const endpoints = Object.entries(CONTRACTS).flatMap(([group, api]) =>
    Object.entries(api).map(([name, e]) => [`${group}.${name}: ${e.method} ${e.path}`, e] as const),
  );

  it('no two contracts name the same route', () => {
    const routes = endpoints.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(endpoints)(
    '%s is registered from its contract: its schemas validate and shape the answer',
    (_, e) => {
      const route = t.app.registeredRoutes.find((r) => r.method === e.method && r.url === e.path);
      expect(route, 'registered').toBeDefined();
      const schema = route?.schema as Record<string, unknown> & { response: Record<number, unknown> };
      expect(schema.response[e.status ?? 200]).toBe(e.response);
      expect(schema.params).toBe(e.params);
      expect(schema.querystring).toBe(e.query);
      expect(schema.body).toBe(e.body);
    },
  );
});
