import { describe, expect, it } from 'vitest';
import { liveToastsAllowed, readNotificationsPreference } from './admin-notifications';
import { liveAddress } from './live-url';

describe('live toasts on /admin', () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  it('follow the admin notifications preference there only', () => {
    expect(liveToastsAllowed('/', storage('false'))).toBe(true);
    expect(liveToastsAllowed('/admin', storage('false'))).toBe(false);
    expect(liveToastsAllowed('/admin', storage('true'))).toBe(true);
    expect(liveToastsAllowed('/admin', storage(null))).toBe(true);
    expect(liveToastsAllowed('/administration', storage('false'))).toBe(true);
    expect(readNotificationsPreference(storage('not json'))).toBe(true);
    expect(readNotificationsPreference(storage('"no"'))).toBe(true);
    expect(readNotificationsPreference(null)).toBe(true);
  });
});

describe('liveAddress', () => {
  it('uses the page host, wss on https, and offers the bearer token as a subprotocol when there is one', () => {
    expect(liveAddress({ protocol: 'http:', host: 'localhost:3000' }, null)).toEqual({
      url: 'ws://localhost:3000/ws',
      protocols: ['matchday'],
    });
    expect(liveAddress({ protocol: 'https:', host: 'fans.example' }, 'abc_DEF-123')).toEqual({
      url: 'wss://fans.example/ws',
      protocols: ['matchday', 'matchday.bearer.abc_DEF-123'],
    });
  });

  it('tokens in logs: never puts the token in the URL, and drops one no subprotocol can carry', () => {
    // A browser throws on such a subprotocol; no token of ours has these characters.
    expect(liveAddress({ protocol: 'https:', host: 'fans.example' }, 'a b,c')).toEqual({
      url: 'wss://fans.example/ws',
      protocols: ['matchday'],
    });
  });
});
