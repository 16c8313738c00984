import { readFileSync } from 'node:fs';
import { DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
import { clubPalette, paletteVariables } from '@shared/club-palette';
import { expect, it } from 'vitest';

const css = readFileSync(new URL('./globals.css', import.meta.url), 'utf8');
const theme = css.slice(css.indexOf('@theme {'), css.indexOf('--radius-lg'));

it("the built theme is the default pair's palette: the page the server sends unchanged draws it", () => {
  for (const [name, value] of Object.entries(paletteVariables(clubPalette(DEFAULT_CLUB_COLOURS))))
    expect(theme, name).toContain(`${name}: ${value};`);
});

it('no colour of the club is written anywhere else in the stylesheet', () => {
  expect(css.slice(css.indexOf('--radius-lg'))).not.toMatch(/#da291c|#b72218|rgba\(218, ?41, ?28/i);
});
