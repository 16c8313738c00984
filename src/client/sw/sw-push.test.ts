import { describe, expect, it } from 'vitest';
import {
  chooseWindow,
  FALLBACK_TAG,
  NOTIFICATION_ICON,
  notificationFor,
  readPushPayload,
  showsPage,
  targetUrl,
  urlOfData,
  type WindowFacts,
} from './sw-push';

const ORIGIN = 'https://ratings.example';
const payload = {
  title: 'Voting is open',
  body: 'Rate the players of City v United',
  url: '/',
  tag: 'match-7',
};

describe('a push payload', () => {
  it('is read when it has the shape the server sends', () => {
    expect(readPushPayload(JSON.stringify(payload))).toEqual(payload);
    const ended = { ...payload, url: '/matches/7' };
    expect(readPushPayload(JSON.stringify(ended))).toEqual(ended);
  });

  it('is refused without data, when not JSON, not an object, or with a field of the wrong kind or size', () => {
    for (const text of [
      null,
      undefined,
      '',
      'not json',
      '"a string"',
      '[1,2]',
      'null',
      JSON.stringify({ ...payload, title: '' }),
      JSON.stringify({ ...payload, title: '   ' }),
      JSON.stringify({ ...payload, title: 42 }),
      JSON.stringify({ ...payload, title: 'x'.repeat(201) }),
      JSON.stringify({ ...payload, body: { text: 'hi' } }),
      JSON.stringify({ ...payload, body: 'x'.repeat(401) }),
      JSON.stringify({ ...payload, tag: 7 }),
      JSON.stringify({ ...payload, tag: 'x'.repeat(65) }),
    ])
      expect(readPushPayload(text), String(text)).toBeNull();
  });

  it('opens the home screen when its url is missing or not a path, and has a tag even without one', () => {
    for (const url of [undefined, 42, 'https://evil.example/', 'matches/7'])
      expect(readPushPayload(JSON.stringify({ ...payload, url }))?.url, String(url)).toBe('/');
    expect(readPushPayload(JSON.stringify({ title: 'Hi' }))).toEqual({
      title: 'Hi',
      body: '',
      url: '/',
      tag: FALLBACK_TAG,
    });
  });
});

describe('the notification shown', () => {
  it("carries the server's words, the club's icon, the match's tag and where a tap leads", () => {
    expect(notificationFor(JSON.stringify({ ...payload, url: '/matches/7' }), 'ratings.example')).toEqual({
      title: 'Voting is open',
      options: {
        body: 'Rate the players of City v United',
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        tag: 'match-7',
        data: { url: '/matches/7' },
      },
    });
  });

  it("is the site's name, opening the home screen, for a push that cannot be read", () => {
    for (const text of [null, '{', JSON.stringify({ body: 'no title' })])
      expect(notificationFor(text, 'ratings.example')).toEqual({
        title: 'ratings.example',
        options: { icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON, tag: FALLBACK_TAG, data: { url: '/' } },
      });
  });
});

describe('the page a tap opens', () => {
  it('is a path of our own origin', () => {
    expect(targetUrl('/', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(targetUrl('/matches/7', ORIGIN)).toBe(`${ORIGIN}/matches/7`);
    expect(targetUrl('/season/2025-26?tab=table#top', ORIGIN)).toBe(`${ORIGIN}/season/2025-26?tab=table#top`);
  });

  it('is the home screen for anything that would leave the site, or is no path at all', () => {
    for (const url of [
      '//evil.example/phish',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'matches/7',
      '',
      undefined,
      null,
      42,
      { url: '/' },
    ])
      expect(targetUrl(url, ORIGIN), String(url)).toBe(`${ORIGIN}/`);
  });

  it("reads the notification's data defensively", () => {
    expect(urlOfData({ url: '/matches/7' })).toBe('/matches/7');
    for (const data of [null, undefined, 'x', ['/'], {}]) expect(urlOfData(data)).toBeUndefined();
  });
});

describe('the window a tap brings forward', () => {
  const win = (url: string, facts: Partial<WindowFacts> = {}): WindowFacts => ({
    url,
    focused: false,
    visibilityState: 'hidden',
    ...facts,
  });

  it('is the focused one, else a visible one, else the first of ours', () => {
    const first = win(`${ORIGIN}/`);
    const visible = win(`${ORIGIN}/season`, { visibilityState: 'visible' });
    const focused = win(`${ORIGIN}/admin`, { focused: true, visibilityState: 'visible' });
    expect(chooseWindow([first, visible, focused], ORIGIN)).toBe(focused);
    expect(chooseWindow([first, visible], ORIGIN)).toBe(visible);
    expect(chooseWindow([first], ORIGIN)).toBe(first);
  });

  it('is never a window on another origin; none when nothing of ours is open', () => {
    const other = win('https://elsewhere.example/', { focused: true, visibilityState: 'visible' });
    const ours = win(`${ORIGIN}/`);
    expect(chooseWindow([other, ours], ORIGIN)).toBe(ours);
    expect(chooseWindow([other], ORIGIN)).toBeUndefined();
    expect(chooseWindow([], ORIGIN)).toBeUndefined();
  });

  it('is not reloaded when it already shows the page', () => {
    expect(showsPage(`${ORIGIN}/`, `${ORIGIN}/`)).toBe(true);
    expect(showsPage(`${ORIGIN}/matches/7#motm`, `${ORIGIN}/matches/7`)).toBe(true);
    expect(showsPage(`${ORIGIN}/`, `${ORIGIN}/matches/7`)).toBe(false);
    expect(showsPage(`${ORIGIN}/season?tab=a`, `${ORIGIN}/season?tab=b`)).toBe(false);
    expect(showsPage('not a url', `${ORIGIN}/`)).toBe(false);
  });
});
