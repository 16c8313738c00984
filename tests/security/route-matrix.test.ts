import { createECDH, randomBytes } from 'node:crypto';
import type { Player } from '@shared/players';
import { DEFAULT_SHIELD_RULES } from '@shared/shield';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFromMail } from '../server/test-app';
import { fingerprint } from './data-fingerprint';
import {
  createSecurityWorld,
  endedMatchRatedByFan,
  type Fan,
  fillPath,
  multipartFile,
  pngImage,
  registeredRouteKeys,
  type SecurityWorld,
  send,
} from './security-fixture';

/**
 * What the server enforces, route by route: every registered route called as anonymous,
 * a fan, another fan and an admin. A new route fails this file until it has its row here.
 */
type Role = 'anonymous' | 'fan' | 'otherFan' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'fan', 'otherFan', 'admin'];
type Expected = Record<Role, number>;

interface Call extends Omit<InjectOptions, 'url' | 'method'> {
  url?: string;
  /** The caller's cookie; undefined: the role's own, null: none. */
  cookie?: string | null;
}
interface Entry {
  expect: Expected;
  /** The request each role sends: valid, so the answer is about who asks. Default: the path with its usual ids. */
  call?: (w: SecurityWorld, role: Role) => Promise<Call> | Call;
  check?: (res: LightMyRequestResponse, role: Role) => void;
  /** Puts back what the admin's successful call changed, for the entries after it. */
  restore?: (w: SecurityWorld) => Promise<void>;
}

const all = (status: number): Expected => ({
  anonymous: status,
  fan: status,
  otherFan: status,
  admin: status,
});
const PUBLIC = all(200);
const SIGNED_IN: Expected = { anonymous: 401, fan: 200, otherFan: 200, admin: 200 };
const adminOnly = (ok = 200): Expected => ({ anonymous: 401, fan: 403, otherFan: 403, admin: ok });
/** The fan's own data: another fan may not read it, an admin may. */
const OWN_OR_ADMIN_READS: Expected = { anonymous: 401, fan: 200, otherFan: 403, admin: 200 };
/** Written only as oneself: an admin writing a fan's is refused like anyone else. */
const ownWrite = (ok: number): Expected => ({ anonymous: 401, fan: ok, otherFan: 403, admin: 403 });
/** Results: the fan voted, the other fan has not. */
const AFTER_OWN_VOTE: Expected = { anonymous: 401, fan: 200, otherFan: 403, admin: 200 };

const userOf = (w: SecurityWorld, role: Role): Fan | null =>
  role === 'anonymous' ? null : { fan: w.fan, otherFan: w.otherFan, admin: w.admin }[role];
const json = (payload: unknown) => ({ payload: payload as object });
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
let sequence = 0;
const unique = (label: string) => {
  sequence += 1;
  return `${label}-${Date.now().toString(36)}-${sequence}`;
};

/** A browser's push subscription at a push service the server sends to (by default FCM). */
const browserSubscription = () => {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${unique('device')}`,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    topics: { votingOpens: true, halfTime: false, results: true },
  };
};

/** A player of the squad who is not published for rating. */
const benchPlayer = (w: SecurityWorld): Player => {
  const published = new Set(w.live.available.map((p) => p.id));
  const player = w.live.squad.find((p) => !published.has(p.id) && !p.isManager);
  if (!player) throw new Error('no bench player');
  return player;
};

const ENTRIES: Record<string, Entry> = {
  // Public reads.
  'GET /api/health': { expect: PUBLIC },
  // Readiness for load balancers: no session needed, nothing changed.
  'GET /api/ready': { expect: PUBLIC },
  // Prometheus's scrape: served only with METRICS_TOKEN as a bearer token (none is set here), and
  // otherwise answered as an unknown path, session or not (metrics.test.ts covers the token).
  'GET /metrics': { expect: all(404) },
  'GET /api/customization': { expect: PUBLIC },
  'GET /api/ground': { expect: PUBLIC },
  'GET /api/social-media': { expect: PUBLIC },
  'GET /api/banners': { expect: PUBLIC },
  'GET /api/announcement': { expect: PUBLIC },
  'GET /api/scripts/tracking': { expect: PUBLIC },
  'GET /api/auth/providers': { expect: PUBLIC },
  // The public API's description: its OpenAPI document and reference page, for anyone.
  'GET /api/openapi.json': { expect: PUBLIC },
  'GET /api/docs': { expect: PUBLIC },
  // Ended matches' reports: figures only, for anyone (the world's match is live: 404 for all).
  'GET /api/match-reports': { expect: PUBLIC },
  'GET /api/matches/:id/report': {
    expect: all(404),
    call: (w) => ({ url: `/api/matches/${w.live.match.id}/report` }),
  },
  'GET /api/seasons': { expect: PUBLIC },
  // A shared link to the world's live match: nothing to share while it is live, for anyone.
  'GET /share/match/:file': {
    expect: all(404),
    call: (w) => ({ url: `/share/match/${w.live.match.id}.png` }),
  },
  // The widgets other sites embed, their scripts and their shared live read: for anyone, no cookie read.
  'GET /embed.js': { expect: PUBLIC },
  'GET /embed/frame.js': { expect: PUBLIC },
  'GET /api/embed/live': { expect: PUBLIC },
  'GET /embed/live': { expect: PUBLIC },
  'GET /embed/season': { expect: PUBLIC },
  'GET /embed/team-of-the-week': { expect: PUBLIC },
  // The world's match is live and no season has an ended match: the widgets say so, for anyone.
  'GET /embed/match/:id': { expect: PUBLIC, call: (w) => ({ url: `/embed/match/${w.live.match.id}` }) },
  'GET /embed/season/:season': { expect: PUBLIC, call: () => ({ url: '/embed/season/2030-31' }) },
  'GET /oembed': {
    expect: all(404),
    call: (w) => ({
      url: `/oembed?url=${encodeURIComponent(`http://localhost/share/match/${w.live.match.id}`)}`,
    }),
  },
  // Which sites may frame the widgets: the admin's alone.
  'GET /api/admin/embed-sites': { expect: adminOnly() },
  'PUT /api/admin/embed-sites': { expect: adminOnly(), call: () => json({ origins: [] }) },
  // No match of the world has ended: no season table to show anyone.
  'GET /api/seasons/:season/players': {
    expect: all(404),
    call: () => ({ url: '/api/seasons/2030-31/players' }),
  },
  // The fans' teams: an empty week (nothing has ended) for anyone, and no season yet.
  'GET /api/team-of-the-week': { expect: PUBLIC },
  'GET /api/seasons/:season/team': {
    expect: all(404),
    call: () => ({ url: '/api/seasons/2030-31/team' }),
  },
  'GET /share/team/week.png': { expect: PUBLIC },
  'GET /share/team/season/:file': {
    expect: all(404),
    call: () => ({ url: '/share/team/season/2030-31.png' }),
  },
  'GET /api/players/:id/profile': {
    expect: PUBLIC,
    call: (w) => ({ url: `/api/players/${w.live.starters[0]?.id}/profile` }),
  },
  // The installable app and uploads are files the page shows to everyone.
  'GET /manifest.webmanifest': { expect: PUBLIC },
  'GET /icons/:file': { expect: PUBLIC, call: () => ({ url: '/icons/icon-192.png' }) },
  'GET /objects/:file': { expect: PUBLIC, call: (w) => ({ url: w.objectPath }) },
  'GET /portraits/:id/:file': { expect: PUBLIC, call: (w) => ({ url: w.live.squad[0]?.portraitUrl }) },
  // A plain GET of the socket's path is no upgrade: nothing there for anyone (the upgrade has tests of its own).
  'GET /ws': { expect: all(404) },
  // Browser navigations: every outcome is a redirect (social sign-in is not configured here).
  'GET /api/oauth/google': { expect: all(302) },
  'GET /api/oauth/google/callback': { expect: all(302) },

  // Auth: open to all, signed in or not.
  'POST /api/auth/register': {
    expect: all(201),
    call: () =>
      json({ email: `${unique('new')}@example.com`, password: 'correct horse battery', name: 'New' }),
  },
  'POST /api/auth/login': {
    expect: all(200),
    // Login ends the session it was sent with: a second session of the caller, never the world's.
    call: async (w, role) => {
      const user = userOf(w, role) ?? (await w.freshFan());
      return {
        cookie: role === 'anonymous' ? null : await w.extraSession(user),
        ...json({ email: user.user.email, password: user.password }),
      };
    },
  },
  'POST /api/auth/logout': {
    expect: all(200),
    call: async (w, role) => {
      const user = userOf(w, role);
      return { cookie: user ? await w.extraSession(user) : null };
    },
  },
  'GET /api/auth/me': { expect: SIGNED_IN },
  'POST /api/auth/confirm': {
    expect: all(200),
    // Confirming signs in and ends the session it was sent with: a second session of the caller's.
    call: async (w, role) => {
      const email = `${unique('confirm')}@example.com`;
      const res = await send(w.t.app, {
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'correct horse battery', name: 'To Confirm' },
      });
      if (res.statusCode !== 201) throw new Error(`register: ${res.body}`);
      const mail = w.t.outbox.filter((m) => m.to === email).at(-1);
      const user = userOf(w, role);
      return { cookie: user ? await w.extraSession(user) : null, ...json({ token: tokenFromMail(mail) }) };
    },
  },
  // The same calls as plain form posts (a screen drawn before its script arrived): a redirect for all.
  'POST /signin': {
    expect: all(303),
    call: async (w, role) => {
      const user = userOf(w, role) ?? (await w.freshFan());
      return {
        cookie: role === 'anonymous' ? null : await w.extraSession(user),
        ...form({ email: user.user.email, password: user.password }),
      };
    },
  },
  'POST /signup': {
    expect: all(303),
    call: () =>
      form({ email: `${unique('form')}@example.com`, password: 'correct horse battery', name: 'Form' }),
  },
  'POST /forgot-password': {
    expect: all(303),
    call: () => form({ email: `${unique('nobody')}@example.com` }),
  },
  'POST /reset-password': {
    expect: all(303),
    call: () => form({ token: 'not-a-token', password: 'correct horse battery' }),
  },
  // Recovery: the same answer for any address, known or not.
  'POST /api/auth/forgot-password': {
    expect: all(200),
    call: (w, role) => json({ email: userOf(w, role)?.user.email ?? `${unique('nobody')}@example.com` }),
  },
  'POST /api/auth/resend-verification': {
    expect: all(200),
    call: (w, role) => json({ email: userOf(w, role)?.user.email ?? `${unique('nobody')}@example.com` }),
  },
  'POST /api/auth/reset-password': {
    expect: all(200),
    // Resetting ends every session of the account: a fresh fan's link for every call.
    call: async (w) => {
      const target = await w.freshFan();
      const res = await send(w.t.app, {
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: target.user.email },
      });
      if (res.statusCode !== 200) throw new Error(`forgot-password: ${res.body}`);
      await w.t.app.mailJobs.idle();
      const mail = w.t.outbox.filter((m) => m.to === target.user.email).at(-1);
      const token = mail?.text.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1];
      if (!token) throw new Error('no reset link mailed');
      return json({ token: decodeURIComponent(token), password: 'a brand new password' });
    },
  },
  'PATCH /api/user/:id/consent': {
    expect: ownWrite(200),
    call: (w) => ({ url: `/api/user/${w.fan.user.id}/consent`, ...json({ consentGiven: true }) }),
  },
  // The account's own export and deletion (issue 8). Admins delete through /api/admin/users/:id.
  'GET /api/user/:id/export': {
    expect: OWN_OR_ADMIN_READS,
    call: (w) => ({ url: `/api/user/${w.fan.user.id}/export` }),
  },
  'GET /api/users/:id/history': {
    expect: OWN_OR_ADMIN_READS,
    call: (w) => ({ url: `/api/users/${w.fan.user.id}/history` }),
  },
  // A fan's own ratings of an ended match as an image: always the caller's own (no user in the path), so
  // the fan who rated gets theirs and everyone else, an admin too, who rated nobody there gets 404.
  'GET /api/matches/:id/my-ratings.png': {
    expect: { anonymous: 401, fan: 200, otherFan: 404, admin: 404 },
    call: async (w) => ({ url: `/api/matches/${await endedMatchRatedByFan(w)}/my-ratings.png` }),
    check: (res, role) => {
      if (role === 'fan')
        expect(res.headers).toMatchObject({
          'content-type': 'image/png',
          'cache-control': 'private, no-store',
        });
    },
  },
  'DELETE /api/user/:id': {
    expect: ownWrite(200),
    // Deleting ends the account: a fresh one for every call, the fan deleting themself.
    call: async (w, role) => {
      const target = await w.freshFan();
      return { url: `/api/user/${target.user.id}`, cookie: role === 'fan' ? target.cookie : undefined };
    },
    check: (res, role) => {
      if (role === 'fan') expect(res.json()).toMatchObject({ message: 'Account deleted' });
    },
  },

  // A language is the caller's own: no user in the path, so everyone signed in sets only their own.
  'PUT /api/account/locale': {
    expect: SIGNED_IN,
    call: () => json({ locale: 'fr' }),
    check: (res, role) => {
      if (role !== 'anonymous') expect(res.json()).toEqual({ locale: 'fr' });
    },
  },

  // Notifications: each fan's own browser; the figures are the admin's.
  'GET /api/push/key': { expect: SIGNED_IN },
  'PUT /api/push/subscription': {
    expect: SIGNED_IN,
    call: () => json(browserSubscription()),
  },
  // Answers 200 for anyone signed in: it removes only the caller's own subscription at that address.
  'POST /api/push/unsubscribe': {
    expect: SIGNED_IN,
    call: () => json({ endpoint: browserSubscription().endpoint }),
  },
  'GET /api/admin/push': { expect: adminOnly() },

  // Matches: which one is on is anyone's to know (the visitor's home shows it); the list is for those
  // signed in; admins write.
  'GET /api/matches/current': {
    expect: PUBLIC,
    check: (res) => expect(res.json()).toMatchObject({ hiddenAt: null }),
  },
  'GET /api/matches': { expect: SIGNED_IN },
  'POST /api/matches': { expect: adminOnly(201), call: () => json({ opponent: 'Chelsea' }) },
  'PATCH /api/matches/:id': {
    expect: adminOnly(200),
    call: (w) => ({ url: `/api/matches/${w.live.match.id}`, ...json({ venue: 'Old Trafford' }) }),
  },
  // An ended match out of the public history: the admin's alone, and shown again at once for the entries after.
  'POST /api/admin/matches/:id/hide': {
    expect: adminOnly(200),
    call: async (w) => ({
      url: `/api/admin/matches/${await endedMatchRatedByFan(w)}/hide`,
      ...json({ hidden: true }),
    }),
    check: (res, role) => {
      if (role === 'admin') expect(res.json()).toMatchObject({ hiddenAt: expect.any(String) });
    },
    restore: async (w) => {
      const shown = await send(w.t.app, {
        method: 'POST',
        url: `/api/admin/matches/${await endedMatchRatedByFan(w)}/hide`,
        cookie: w.admin.cookie,
        ...json({ hidden: false }),
      });
      expect(shown.statusCode).toBe(200);
    },
  },

  // Players: everyone signed in reads, admins write.
  'GET /api/players': { expect: SIGNED_IN },
  'GET /api/players/available-for-rating': { expect: SIGNED_IN },
  'GET /api/players/:id/season-stats': {
    expect: SIGNED_IN,
    call: (w) => ({ url: `/api/players/${w.live.starters[0]?.id}/season-stats` }),
  },
  'POST /api/admin/players': {
    expect: adminOnly(201),
    call: () => json({ name: unique('Trialist'), position: 'Striker' }),
  },
  'PUT /api/admin/players/:id': {
    expect: adminOnly(200),
    call: (w) => {
      const p = benchPlayer(w);
      return {
        url: `/api/admin/players/${p.id}`,
        ...json({ name: p.name, position: p.position, jerseyNumber: p.jerseyNumber }),
      };
    },
  },
  // The admin passes; no football-data provider is configured here, which the admin is told (400).
  'POST /api/admin/update-player-images': { expect: adminOnly(400) },
  'POST /api/players/:id/upload-image': {
    expect: adminOnly(200),
    call: async (w) => ({
      url: `/api/players/${benchPlayer(w).id}/upload-image`,
      ...multipartFile('image', await pngImage(20, 20)),
    }),
  },
  'POST /api/objects/upload': {
    expect: adminOnly(200),
    call: async () => multipartFile('file', await pngImage(24, 24)),
  },

  // Squad publishing: admins only.
  'GET /api/admin/available-for-rating': { expect: adminOnly() },
  'POST /api/admin/available-for-rating': {
    expect: adminOnly(),
    call: (w) => json({ playerIds: w.live.available.map((p) => p.id) }),
  },
  'POST /api/admin/update-squad': {
    expect: adminOnly(),
    call: (w) =>
      json({
        startingXI: [...w.live.starters, w.live.manager].map((p) => p.id),
        substitutes: w.live.substitutes.map((p) => p.id),
      }),
  },
  'POST /api/admin/publish-squad': {
    expect: adminOnly(),
    // The same squad as published: the entries after it find it unchanged.
    call: (w) =>
      json({
        startingXI: w.live.starters.map((p) => p.id),
        substitutes: w.live.substitutes.map((p) => p.id),
        managerId: w.live.manager.id,
      }),
  },
  'POST /api/admin/clear-all-players': {
    expect: adminOnly(),
    restore: async (w) => {
      const res = await send(w.t.app, {
        method: 'POST',
        url: '/api/admin/available-for-rating',
        cookie: w.admin.cookie,
        payload: { playerIds: w.live.available.map((p) => p.id) },
      });
      expect(res.statusCode).toBe(200);
    },
  },

  // Ratings and votes: written only as oneself, read by oneself or an admin.
  'POST /api/ratings': {
    expect: ownWrite(200),
    call: async (w, role) => {
      // A fan who has not voted yet rates as themself; the others try to rate as the fan.
      const rater = role === 'fan' ? await w.freshFan() : w.fan;
      return {
        cookie: role === 'fan' ? rater.cookie : undefined,
        ...json({
          userId: rater.user.id,
          playerId: w.live.starters[0]?.id,
          matchId: w.live.match.id,
          rating: 7,
        }),
      };
    },
  },
  'GET /api/ratings/user/:userId/player/:playerId/match/:matchId': { expect: OWN_OR_ADMIN_READS },
  'GET /api/ratings/user/:userId/match/:matchId': { expect: OWN_OR_ADMIN_READS },
  'POST /api/user-votes': {
    expect: ownWrite(201),
    call: async (w, role) => {
      let voter = w.fan;
      if (role === 'fan') {
        voter = await w.freshFan();
        for (const p of w.live.available) {
          const rated = await voter.api.post('/api/ratings', {
            userId: voter.user.id,
            playerId: p.id,
            matchId: w.live.match.id,
            rating: 6,
          });
          if (rated.status !== 200) throw new Error(`rating: ${JSON.stringify(rated.body)}`);
        }
      }
      return {
        cookie: role === 'fan' ? voter.cookie : undefined,
        ...json({ userId: voter.user.id, matchId: w.live.match.id, motmPlayerId: w.live.starters[1]?.id }),
      };
    },
  },
  'GET /api/user-votes/:userId/match/:matchId/progress': { expect: OWN_OR_ADMIN_READS },
  'GET /api/user-votes/:userId/match/:matchId/has-voted': { expect: OWN_OR_ADMIN_READS },
  'GET /api/user-votes/:userId/match/:matchId': { expect: OWN_OR_ADMIN_READS },

  // Results: signed in; the figures once the reader voted (or rated the player), or for admins.
  'GET /api/stats/match/:matchId': { expect: SIGNED_IN },
  'GET /api/ratings/player/:playerId/match/:matchId': { expect: AFTER_OWN_VOTE },
  'GET /api/leaderboard/match/:matchId': { expect: AFTER_OWN_VOTE },
  'GET /api/ratings/match/:matchId/distribution': { expect: AFTER_OWN_VOTE },
  'GET /api/motm/:matchId': { expect: AFTER_OWN_VOTE },

  // User management: admins only.
  'GET /api/admin/users': { expect: adminOnly() },
  'POST /api/admin/users': {
    expect: adminOnly(201),
    call: () => json({ name: 'Steward', email: `${unique('steward')}@example.com`, isAdmin: false }),
  },
  'PUT /api/admin/users/:id': {
    expect: adminOnly(),
    call: async (w) => {
      const target = await w.freshFan();
      return {
        url: `/api/admin/users/${target.user.id}`,
        ...json({ name: 'Renamed Fan', email: target.user.email, isAdmin: false }),
      };
    },
  },
  'DELETE /api/admin/users/:id': {
    expect: adminOnly(),
    call: async (w) => ({ url: `/api/admin/users/${(await w.freshFan()).user.id}` }),
  },
  'POST /api/admin/users/:id/regenerate-password': {
    expect: adminOnly(),
    call: async (w) => ({ url: `/api/admin/users/${(await w.freshFan()).user.id}/regenerate-password` }),
  },

  // Settings: public reads above; the admin's reads and every write are admins only.
  'GET /api/admin/customization': { expect: adminOnly() },
  'POST /api/admin/customization': { expect: adminOnly(), call: () => json({ companyName: 'Red Devils' }) },
  'GET /api/admin/social-media': { expect: adminOnly() },
  'POST /api/admin/social-media': {
    expect: adminOnly(),
    call: () => json({ youtube: 'https://www.youtube.com/@club' }),
  },
  'GET /api/admin/tracking': { expect: adminOnly() },
  'POST /api/admin/tracking': { expect: adminOnly(), call: () => json({ gtmContainerId: 'GTM-ABC123' }) },
  'POST /api/admin/announcement': {
    expect: adminOnly(),
    call: () => json({ announcement: 'Gates open at 13:30' }),
  },
  'GET /api/admin/banners': { expect: adminOnly() },
  'GET /api/admin/season-settings': { expect: adminOnly() },
  // A month the club is not on, so a refused call would show in the data; then August again.
  'PUT /api/admin/season-settings': {
    expect: adminOnly(),
    call: () => json({ startMonth: 7 }),
    check: (res, role) => {
      if (role === 'admin') expect(res.json()).toMatchObject({ startMonth: 7 });
    },
    restore: async (w) => {
      const res = await send(w.t.app, {
        method: 'PUT',
        url: '/api/admin/season-settings',
        cookie: w.admin.cookie,
        payload: { startMonth: 8 },
      });
      expect(res.statusCode).toBe(200);
    },
  },
  // The shield: rules, a match's review queue, a decision on the voting fan's ballot (counted: no change).
  'GET /api/admin/shield/rules': { expect: adminOnly() },
  'PUT /api/admin/shield/rules': {
    expect: adminOnly(),
    call: () => json({ ...DEFAULT_SHIELD_RULES, enabled: false }),
  },
  'GET /api/admin/shield/reviews': {
    expect: adminOnly(),
    call: (w) => ({ url: `/api/admin/shield/reviews?matchId=${w.live.match.id}` }),
  },
  'POST /api/admin/shield/reviews/:matchId/:userId': {
    expect: adminOnly(),
    call: (w) => ({
      url: `/api/admin/shield/reviews/${w.live.match.id}/${w.fan.user.id}`,
      ...json({ verdict: 'counted' }),
    }),
  },
  // The football-data feed: not configured in this world, so a sync is refused with its reason.
  'GET /api/admin/feed': { expect: adminOnly() },
  // Media partners' API keys: issued, listed and revoked by admins only.
  'GET /api/admin/api-keys': { expect: adminOnly() },
  'POST /api/admin/api-keys': { expect: adminOnly(201), call: () => json({ name: unique('partner') }) },
  'POST /api/admin/api-keys/:id/revoke': {
    expect: adminOnly(),
    // A key of its own for every call: revoking is for good.
    call: async (w) => {
      const res = await send(w.t.app, {
        method: 'POST',
        url: '/api/admin/api-keys',
        cookie: w.admin.cookie,
        payload: { name: unique('to-revoke') },
      });
      if (res.statusCode !== 201) throw new Error(`create key: ${res.body}`);
      return { url: `/api/admin/api-keys/${(res.json() as { key: { id: number } }).key.id}/revoke` };
    },
  },
  'PUT /api/admin/feed/settings': {
    expect: adminOnly(),
    call: () => json({ teamId: null, dailyBudget: 100, votingWindowMinutes: 30 }),
  },
  'POST /api/admin/feed/sync': { expect: adminOnly(400) },
  'POST /api/admin/banners': {
    expect: adminOnly(),
    call: () => json({ banner1: { enabled: false, type: 'manual', title: 'Kit sale' } }),
  },

  // Analytics and the MOTM leaderboard: admins only.
  'GET /api/analytics/total-votes': { expect: adminOnly() },
  'GET /api/analytics/total-votes/:matchId': { expect: adminOnly() },
  'GET /api/analytics/return-users': { expect: adminOnly() },
  'GET /api/analytics/participation/:matchId': { expect: adminOnly() },
  'GET /api/analytics/controversial/:matchId': { expect: adminOnly() },
  'GET /api/analytics/ratings-timeline/:matchId': { expect: adminOnly() },
  'GET /api/analytics/player-distributions/:matchId': { expect: adminOnly() },
  'GET /api/analytics/history/export': { expect: adminOnly() },
  'GET /api/motm-leaderboard/:matchId': { expect: adminOnly() },

  // The simulator's routes (SIMULATION on a loopback address only): admins only.
  'POST /api/simulation/fans': {
    expect: adminOnly(201),
    call: () => json({ prefix: unique('sim').toLowerCase(), count: 1 }),
  },
  'GET /api/simulation/matches/:matchId/summary': { expect: adminOnly() },
  'GET /api/simulation/matches/:matchId/ratings': { expect: adminOnly() },
  'GET /api/simulation/matches/:matchId/votes': { expect: adminOnly() },
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const methodOf = (key: string) => key.split(' ')[0] ?? '';
const pathOf = (key: string) => key.slice(key.indexOf(' ') + 1);
/** HEAD and OPTIONS twins Fastify adds: they answer as their GET does. */
const isAutoRoute = (key: string) => methodOf(key) === 'HEAD' || methodOf(key) === 'OPTIONS';

let w: SecurityWorld;
let routes: string[];
beforeAll(async () => {
  w = await createSecurityWorld();
  routes = registeredRouteKeys(w.t.app);
});
afterAll(() => w.t.close());

async function request(key: string, role: Role, method = methodOf(key)) {
  const entry = ENTRIES[key];
  if (!entry) throw new Error(`no entry for ${key}`);
  const user = userOf(w, role);
  const defaults = {
    userId: w.fan.user.id,
    matchId: w.live.match.id,
    playerId: w.live.starters[0]?.id ?? 0,
  };
  const { url, cookie, ...rest } = (await entry.call?.(w, role)) ?? {};
  return {
    method: method as InjectOptions['method'],
    url: url ?? fillPath(pathOf(key), defaults),
    cookie: cookie === null ? undefined : (cookie ?? user?.cookie),
    ...rest,
  };
}

describe('the route table', () => {
  it('has an entry for every registered route', () => {
    const missing = routes.filter((key) => !isAutoRoute(key) && !ENTRIES[key]);
    expect(missing, 'registered routes without an entry in ENTRIES').toEqual([]);
    const orphanTwins = routes.filter((key) => isAutoRoute(key) && !ENTRIES[`GET ${pathOf(key)}`]);
    expect(orphanTwins).toEqual([]);
  });

  it('has no entry for a route that is not registered', () => {
    expect(Object.keys(ENTRIES).filter((key) => !routes.includes(key))).toEqual([]);
  });
});

describe('the table covers every route', () => {
  const keys = Object.keys(ENTRIES);
  const PUBLIC_API =
    /^\/api\/(health|ready|auth\/(?!me$)|oauth\/|customization$|ground$|banners$|social-media$|announcement$|scripts\/tracking$|match-reports$|matches\/current$|matches\/:id\/report$|seasons$|seasons\/:season\/players$|seasons\/:season\/team$|team-of-the-week$|players\/:id\/profile$|openapi\.json$|docs$|embed\/live$)/;
  const ADMIN_AREA = /^\/api\/(admin|analytics|motm-leaderboard|simulation)\//;
  const ADMIN_WRITES = /^\/api\/(matches|players|admin)(\/|$)/;

  it('asks every /api route but the public ones for a signed-in user (401)', () => {
    for (const key of keys.filter((k) => pathOf(k).startsWith('/api/'))) {
      const anonymous = (ENTRIES[key] as Entry).expect.anonymous;
      if (PUBLIC_API.test(pathOf(key))) expect(anonymous, key).not.toBe(401);
      else expect(anonymous, key).toBe(401);
    }
  });

  it('keeps the admin areas, and writes to matches, players and settings, from fans (403)', () => {
    const adminOnlyKeys = keys.filter(
      (k) => ADMIN_AREA.test(pathOf(k)) || (!SAFE.has(methodOf(k)) && ADMIN_WRITES.test(pathOf(k))),
    );
    expect(adminOnlyKeys.length).toBeGreaterThan(30);
    for (const key of adminOnlyKeys) {
      const { fan, otherFan, admin } = (ENTRIES[key] as Entry).expect;
      expect({ fan, otherFan }, key).toEqual({ fan: 403, otherFan: 403 });
      expect(admin, key).not.toBe(403);
    }
  });

  it("refuses a fan another user's data (403), and lets admins read it but not write it", () => {
    // A fan's own data; the admin area's ballots (named by a user id too) are the admin's alone.
    const userScoped = keys.filter(
      (k) => /:userId|\/api\/user\/:id/.test(pathOf(k)) && !ADMIN_AREA.test(pathOf(k)),
    );
    expect(userScoped.length).toBeGreaterThanOrEqual(8);
    for (const key of [...userScoped, 'POST /api/ratings', 'POST /api/user-votes']) {
      const { fan, otherFan, admin } = (ENTRIES[key] as Entry).expect;
      expect(fan, key).toBeLessThan(300);
      expect(otherFan, key).toBe(403);
      if (SAFE.has(methodOf(key))) expect(admin, key).toBeLessThan(300);
      else expect(admin, key).toBe(403);
    }
  });
});

describe('who may call what', () => {
  it.each(Object.keys(ENTRIES))('%s', async (key) => {
    const entry = ENTRIES[key] as Entry;
    const got: Partial<Expected> = {};
    for (const role of ROLES) {
      const res = await send(w.t.app, await request(key, role));
      got[role] = res.statusCode;
      if (res.statusCode === 401)
        expect(res.json()).toEqual({ message: 'Not authenticated', code: 'auth.notAuthenticated' });
      if (res.statusCode === 403) expect(res.json().message).toEqual(expect.stringMatching(/\w/));
      if (res.statusCode === entry.expect[role]) entry.check?.(res, role);
    }
    await entry.restore?.(w);
    expect(got).toEqual(entry.expect);
  });

  it.each(Object.keys(ENTRIES).filter((key) => methodOf(key) === 'GET'))(
    'HEAD of %s answers as the GET does',
    async (key) => {
      expect(routes).toContain(`HEAD ${pathOf(key)}`);
      const entry = ENTRIES[key] as Entry;
      const got: Partial<Expected> = {};
      for (const role of ROLES)
        got[role] = (await send(w.t.app, await request(key, role, 'HEAD'))).statusCode;
      expect(got).toEqual(entry.expect);
    },
  );
});

describe('bearer tokens', () => {
  it('give every read the answer the session cookie gives', async () => {
    for (const key of Object.keys(ENTRIES).filter((k) => methodOf(k) === 'GET')) {
      const entry = ENTRIES[key] as Entry;
      for (const role of ['fan', 'otherFan', 'admin'] as const) {
        const { cookie, ...call } = await request(key, role);
        const token = cookie?.split('=')[1];
        const res = await send(w.t.app, {
          ...call,
          headers: { ...call.headers, authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, `${role} ${key}`).toBe(entry.expect[role]);
      }
    }
  }, 120_000);
});

describe('cross-site requests', () => {
  const stateChanging = () => Object.keys(ENTRIES).filter((key) => !SAFE.has(methodOf(key)));
  const crossSite: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
  ];

  it('refuses every state-changing route with 403, even for an admin, and changes nothing', async () => {
    const refused: string[] = [];
    for (const key of stateChanging()) {
      for (const headers of crossSite) {
        const call = await request(key, 'admin');
        const before = await fingerprint(w.t.db);
        const res = await send(w.t.app, { ...call, headers: { ...call.headers, ...headers } });
        expect(res.statusCode, `${key} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toMatchObject({ message: 'Cross-site request refused' });
        expect(await fingerprint(w.t.db), key).toEqual(before);
        refused.push(key);
      }
    }
    expect(new Set(refused).size).toBe(stateChanging().length);
  }, 120_000);
});
