import { oauthFailurePath, oauthSuccessPath, type PublicUser, readOAuthFailure } from '@shared/auth';
import { describe, expect, it } from 'vitest';
import { parseAuthCallback, stripAuthCallback } from './auth-callback';

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
