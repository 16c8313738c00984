import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
import { expect, it } from 'vitest';
import { CLIENT_SOURCE_DIR } from '../../paths';
import { pageBrandingFor } from './page-palette';

const page = readFileSync(path.join(CLIENT_SOURCE_DIR, 'index.html'), 'utf8');

it('leaves the page as built for the default pair, whose palette the built stylesheet holds', () => {
  expect(pageBrandingFor(DEFAULT_CLUB_COLOURS)).toBeNull();
});

it("writes a chosen pair's palette, bar colour and tab icon into the page's head, nothing else", () => {
  const branding = pageBrandingFor({ primary: '#0b3d91', secondary: '#ffffff' });
  if (!branding) throw new Error('no branding');
  const html = branding.apply(page);
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<style id="club-palette" data-colours="#0b3d91 #ffffff">:root\{[^}]+\}<\/style>$/);
  expect(head).toContain('<meta name="theme-color" content="#0b3d91" />');
  expect(head).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,');
  expect(decodeURIComponent(head)).toContain('<rect width="64" height="64" rx="14" fill="#0b3d91"/>');
  expect(head).not.toContain('#1a1a1a');
  expect(head).not.toContain('/favicon.svg');
  expect(html.slice(html.indexOf('</head>'))).toBe(page.slice(page.indexOf('</head>')));
  // One tag per pair: the page's ETag changes with it.
  expect(branding.tag).not.toBe(pageBrandingFor({ primary: '#0b3d91', secondary: '#fffffe' })?.tag);
});
