import { oauthFailurePath, oauthSuccessPath, type PublicUser, readOAuthFailure } from '@shared/auth';
import { describe, expect, it, vi } from 'vitest';
import { parseAuthCallback, stripAuthCallback, verifyAuthCallback, type WhoIs } from './auth-callback';
import {
  isFreshSocialSignInMark,
  type MarkerStorage,
  markSocialSignInStarted,
  SOCIAL_SIGN_IN_KEY,
  SOCIAL_SIGN_IN_MAX_AGE_MS,
  takeSocialSignInMark,
} from './social-sign-in-marker';

const user: PublicUser = {
  id: '7d1f1c1e-7c55-4a8e-9a43-0b3b3c1f2a10',
  name: 'Fan One',
  email: 'fan@example.com',
  avatar: null,
  isAdmin: false,
  consentGiven: false,
  geolocationConsent: false,
  lastLoginAt: null,
  voteCount: 0,
  createdAt: '2025-09-01T12:00:00.000Z',
};

const callback = (fields: Record<string, string>) => `?${new URLSearchParams(fields).toString()}`;

describe('parseAuthCallback', () => {
  it('ignores a query without auth=success', () => {
    expect(parseAuthCallback('')).toEqual({ kind: 'none' });
    expect(parseAuthCallback('?foo=bar')).toEqual({ kind: 'none' });
  });

  it('reads the token and the url-encoded user', () => {
    expect(
      parseAuthCallback(callback({ auth: 'success', token: 'abc', user: JSON.stringify(user) })),
    ).toEqual({
      kind: 'success',
      token: 'abc',
      user,
    });
  });

  it('reads exactly what the server writes, whatever the name holds', () => {
    const odd = { ...user, name: 'Zoë O’Neil & Co + {"x"} 100%' };
    const search = new URL(oauthSuccessPath('tok/en+=', odd), 'http://matchday.test').search;
    expect(parseAuthCallback(search)).toEqual({ kind: 'success', token: 'tok/en+=', user: odd });
    expect(search).not.toContain('+');
  });

  it('rejects a missing token, broken JSON or a user that breaks the contract', () => {
    expect(parseAuthCallback(callback({ auth: 'success', user: JSON.stringify(user) })).kind).toBe('invalid');
    expect(parseAuthCallback(callback({ auth: 'success', token: 'abc', user: '{nope' })).kind).toBe(
      'invalid',
    );
    expect(parseAuthCallback(callback({ auth: 'success', token: 'abc', user: '{"id":1}' })).kind).toBe(
      'invalid',
    );
  });
});

describe('stripAuthCallback', () => {
  it('drops the callback parameters and keeps the rest', () => {
    expect(stripAuthCallback('?auth=success&token=a&user=b')).toBe('');
    expect(stripAuthCallback('?auth=success&token=a&user=b&utm=x')).toBe('?utm=x');
  });
});

describe('readOAuthFailure', () => {
  it('reads the reason the server sent to the sign-in screen', () => {
    expect(readOAuthFailure(new URL(oauthFailurePath('access_denied'), 'http://x').search)).toBe(
      'access_denied',
    );
  });

  it('reads an unknown reason as a plain failure, and no failure as null', () => {
    expect(readOAuthFailure('?auth=error&reason=<script>')).toBe('failed');
    expect(readOAuthFailure('?auth=error')).toBe('failed');
    expect(readOAuthFailure('?reason=access_denied')).toBeNull();
    expect(readOAuthFailure('')).toBeNull();
  });
});

/** A stand-in for the tab's sessionStorage. */
function memoryStorage(): MarkerStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const other: PublicUser = { ...user, id: '0b6a2f55-2b1e-4c4f-8f0e-6f0c1d2e3a4b', email: 'other@example.com' };

/** The server as the page sees it: who the cookie is, and who each token is. */
function server(cookie: PublicUser | null, tokens: Record<string, PublicUser> = {}) {
  const asked: (string | null)[] = [];
  const whoIs: WhoIs = async (bearer) => {
    asked.push(bearer);
    return bearer === null ? cookie : (tokens[bearer] ?? null);
  };
  return { whoIs, asked };
}

describe('login CSRF through the social callback link', () => {
  it('login CSRF through the social callback link: a callback this browser did not start is ignored', async () => {
    // A real token of another account, in a link this tab never asked for: nothing is even asked.
    const storage = memoryStorage();
    const startedHere = takeSocialSignInMark(storage, Date.now());
    expect(startedHere).toBe(false);
    const { whoIs, asked } = server(other, { 'other-token': other });
    await expect(
      verifyAuthCallback({ token: 'other-token', user: other }, startedHere, whoIs),
    ).resolves.toEqual({ kind: 'ignored' });
    expect(asked).toEqual([]);
  });

  it('accepts a callback this tab started when the cookie and the token both name its user', async () => {
    const storage = memoryStorage();
    const now = Date.now();
    markSocialSignInStarted(storage, now);
    const startedHere = takeSocialSignInMark(storage, now + 5_000);
    const fresh = { ...user, lastLoginAt: '2025-09-02T10:00:00.000Z' };
    const { whoIs, asked } = server(fresh, { 'fan-token': fresh });
    await expect(verifyAuthCallback({ token: 'fan-token', user }, startedHere, whoIs)).resolves.toEqual({
      kind: 'accepted',
      token: 'fan-token',
      // The server's copy of the user, not the address's.
      user: fresh,
    });
    expect(asked.sort()).toEqual(['fan-token', null].sort());
  });

  it('ignores a started callback when the session cookie is someone else or nobody', async () => {
    const crafted = { token: 'other-token', user: other };
    for (const cookie of [user, null]) {
      const { whoIs } = server(cookie, { 'other-token': other });
      await expect(verifyAuthCallback(crafted, true, whoIs)).resolves.toEqual({ kind: 'ignored' });
    }
  });

  it("ignores a started callback whose token is not the user it names (the fan's id, another's token)", async () => {
    const { whoIs } = server(user, { 'other-token': other });
    await expect(verifyAuthCallback({ token: 'other-token', user }, true, whoIs)).resolves.toEqual({
      kind: 'ignored',
    });
  });

  it('ignores a started callback when the server cannot be asked', async () => {
    const failing: WhoIs = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(verifyAuthCallback({ token: 'fan-token', user }, true, failing)).resolves.toEqual({
      kind: 'ignored',
    });
  });
});

describe('the social sign-in mark', () => {
  it('vouches for one callback only: taking it clears it', () => {
    const storage = memoryStorage();
    const now = Date.now();
    markSocialSignInStarted(storage, now);
    expect(storage.values.has(SOCIAL_SIGN_IN_KEY)).toBe(true);
    expect(takeSocialSignInMark(storage, now + 1_000)).toBe(true);
    expect(storage.values.has(SOCIAL_SIGN_IN_KEY)).toBe(false);
    expect(takeSocialSignInMark(storage, now + 2_000)).toBe(false);
  });

  it('lasts ten minutes', () => {
    const now = 1_750_000_000_000;
    const mark = JSON.stringify({ startedAt: now });
    expect(isFreshSocialSignInMark(mark, now)).toBe(true);
    expect(isFreshSocialSignInMark(mark, now + SOCIAL_SIGN_IN_MAX_AGE_MS)).toBe(true);
    expect(isFreshSocialSignInMark(mark, now + SOCIAL_SIGN_IN_MAX_AGE_MS + 1)).toBe(false);
    // A mark from the future was not written by this page.
    expect(isFreshSocialSignInMark(mark, now - 1)).toBe(false);
  });

  it('reads anything else as no mark', () => {
    for (const raw of [null, '', 'yes', '{}', '{"startedAt":"1"}', 'null', '{"startedAt":null}'])
      expect(isFreshSocialSignInMark(raw, Date.now()), String(raw)).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken: MarkerStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => markSocialSignInStarted(broken)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(takeSocialSignInMark(broken)).toBe(false);
  });
});
