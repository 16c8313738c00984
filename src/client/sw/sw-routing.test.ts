import { describe, expect, it } from 'vitest';
import { type RequestFacts, strategyFor } from './sw-routing';

const ORIGIN = 'https://ratings.example';
const SHELL = new Set(['/', '/assets/index-abc.js', '/favicon.svg']);

const strategy = (path: string, facts: Partial<RequestFacts> = {}) =>
  strategyFor({ method: 'GET', mode: 'cors', url: new URL(path, ORIGIN).href, ...facts }, ORIGIN, SHELL);

describe('service worker routing', () => {
  it('opens page paths from the shell, but lets navigations to server routes and files through', () => {
    for (const path of ['/', '/admin', '/signin?next=1', '/no/such/page'])
      expect(strategy(path, { mode: 'navigate' }), path).toBe('navigation');
    for (const path of [
      '/api/oauth/google',
      '/api/auth/me',
      '/objects/abc.png',
      '/icons/icon-192.png',
      '/manifest.webmanifest',
      '/sw.js',
      '/ws',
      '/favicon.svg',
      '/export.csv',
    ])
      expect(strategy(path, { mode: 'navigate' }), path).toBe('pass');
  });

  it('answers hashed assets and precached files from the shell cache, not the page itself', () => {
    expect(strategy('/assets/index-abc.js')).toBe('shell-file');
    expect(strategy('/assets/admin-xyz.js')).toBe('shell-file');
    expect(strategy('/favicon.svg')).toBe('shell-file');
    expect(strategy('/')).toBe('pass');
  });

  it("keeps a fan's API answers, and never admin, analytics, sign-in or health answers", () => {
    for (const path of [
      '/api/auth/me',
      '/api/matches/current',
      '/api/players/available-for-rating',
      '/api/customization',
      '/api/user-votes/u1/match/m1/progress',
      '/api/ratings/player/p1/match/m1',
    ])
      expect(strategy(path), path).toBe('api');
    for (const path of [
      '/api/admin/users',
      '/api/admin',
      '/api/analytics/total-votes',
      '/api/motm-leaderboard/m1',
      '/api/auth/providers',
      '/api/auth/logout',
      '/api/oauth/google/callback',
      '/api/health',
    ])
      expect(strategy(path), path).toBe('pass');
  });

  it('never touches writes but a change to the user, other origins, uploads or the live socket', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE', 'HEAD'])
      expect(strategy('/api/ratings', { method }), method).toBe('pass');
    expect(strategy('/api/user/6f1c/consent', { method: 'PATCH' })).toBe('user-change');
    expect(strategy('/api/user/6f1c/consent')).toBe('api');
    expect(strategy('https://elsewhere.example/api/user/6f1c/consent', { method: 'PATCH' })).toBe('pass');
    expect(strategy('https://www.googletagmanager.com/gtag/js?id=G-1')).toBe('pass');
    expect(strategy('https://cdn.example/assets/index-abc.js')).toBe('pass');
    expect(strategy('/objects/abc.png')).toBe('pass');
    expect(strategy('/ws')).toBe('pass');
    expect(strategy('/administrator')).toBe('pass');
  });
});
