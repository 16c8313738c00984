import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClubColours, DEFAULT_CLUB_COLOURS } from './club-colours';
import {
  CARD_ACCENT,
  clubPalette,
  coloursProblem,
  contrastRatio,
  luminance,
  mix,
  normaliseHex,
  paletteCss,
  textOn,
} from './club-palette';

const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const pair = fc.record({ primary: hex, secondary: hex });
const accepted = pair.filter((colours) => coloursProblem(colours) === null);

const LIGHT = ['#ffffff', '#f4f4f5', '#f1f1f2'];
const GOLD = '#fbe122';

/** Every text-on-surface pairing the page, the images and the mails use, with the contrast it needs. */
function pairings(colours: ClubColours): { what: string; text: string; on: string; needs: number }[] {
  const { club, light, dark, card } = clubPalette(colours);
  return [
    { what: 'button text', text: light.primaryForeground, on: light.primary, needs: 4.5 },
    { what: 'button text, hovered', text: light.primaryForeground, on: light.primaryHover, needs: 4.5 },
    ...LIGHT.map((on) => ({ what: 'primary fill beside the page', text: light.primary, on, needs: 3 })),
    ...[...LIGHT, light.primarySoft].map((on) => ({
      what: 'text in the club colour',
      text: light.primaryText,
      on,
      needs: 4.5,
    })),
    { what: 'secondary text', text: light.secondaryForeground, on: light.secondary, needs: 4.5 },
    { what: 'secondary, hovered', text: light.secondaryForeground, on: light.secondaryHover, needs: 4.5 },
    ...LIGHT.map((on) => ({ what: 'secondary fill beside the page', text: light.secondary, on, needs: 3 })),
    ...[dark.chrome, dark.deep].flatMap((on) => [
      { what: 'white on the dark bands', text: '#ffffff', on, needs: 7 },
      { what: 'muted text on the dark bands', text: dark.muted, on, needs: 4.5 },
      { what: 'gold on the dark bands', text: GOLD, on, needs: 4.5 },
    ]),
    { what: 'accent beside the band', text: dark.accent, on: dark.chrome, needs: 3 },
    { what: 'text on the accent', text: dark.accentForeground, on: dark.accent, needs: 4.5 },
    { what: 'the crest and portraits', text: club.primary, on: club.secondary, needs: 3 },
    { what: 'initials and numbers', text: club.primaryInk, on: club.primary, needs: 4.5 },
    { what: 'on the secondary mark', text: club.secondaryInk, on: club.secondary, needs: 4.5 },
    ...[card.start, card.end].flatMap((on) => [
      { what: 'card text', text: '#ffffff', on, needs: 4.5 },
      { what: 'card footnotes', text: mix(on, '#ffffff', 0.7), on, needs: 4.5 },
      { what: 'card headings', text: card.accent, on, needs: 4.5 },
      { what: 'card ranks', text: '#ffffff', on: mix(on, '#ffffff', 0.14), needs: 4.5 },
    ]),
    { what: 'text on the card accent', text: card.accentInk, on: card.accent, needs: 4.5 },
  ];
}

describe('contrast', () => {
  it('measures as WCAG does: black on white 21:1, a colour on itself 1:1, the red on white 4.87:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#da291c', '#da291c')).toBe(1);
    expect(contrastRatio('#da291c', '#ffffff')).toBeCloseTo(4.87, 2);
    expect(luminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('text on any colour reads at 4.5:1: white where it does, else near-black or black', () => {
    fc.assert(fc.property(hex, (surface) => contrastRatio(textOn(surface), surface) >= 4.5));
    expect(textOn('#da291c')).toBe('#ffffff');
    expect(textOn('#fbe122')).toBe('#1a1a1a');
  });

  it('a mix is never lighter than its lighter end, so text that reads on both ends reads between', () => {
    fc.assert(
      fc.property(hex, hex, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, share) => {
        const between = luminance(mix(a, b, share));
        return between <= Math.max(luminance(a), luminance(b)) + 0.004;
      }),
    );
  });

  it('reads a colour as stored: six hex digits, lower case', () => {
    expect(normaliseHex(' #0B3D91 ')).toBe('#0b3d91');
    for (const bad of ['red', '#fff', '0b3d91', '#0b3d9g', '#0b3d911']) expect(normaliseHex(bad)).toBeNull();
  });
});

describe('a club colour pair', () => {
  it('is refused exactly when its two colours are under 3:1 apart (yellow on white, a colour on itself)', () => {
    fc.assert(
      fc.property(pair, (colours) => {
        const apart = contrastRatio(colours.primary, colours.secondary) >= 3;
        return coloursProblem(colours) === (apart ? null : 'coloursTooAlike');
      }),
    );
    expect(coloursProblem({ primary: '#ffff00', secondary: '#ffffff' })).toBe('coloursTooAlike');
    expect(coloursProblem({ primary: '#0b3d91', secondary: '#0b3d91' })).toBe('coloursTooAlike');
    expect(coloursProblem({ primary: 'blue', secondary: '#ffffff' })).toBe('colourFormat');
  });

  it('accepted, gives every text and control its WCAG AA contrast on every surface it sits on', () => {
    fc.assert(
      fc.property(accepted, (colours) => {
        for (const p of pairings(colours)) {
          const ratio = contrastRatio(p.text, p.on);
          if (ratio < p.needs) throw new Error(`${p.what}: ${p.text} on ${p.on} is ${ratio.toFixed(2)}:1`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('real clubs pass: the default red and near-black, a dark blue and white, gold and black', () => {
    for (const colours of [
      DEFAULT_CLUB_COLOURS,
      { primary: '#0b3d91', secondary: '#ffffff' },
      { primary: '#fdb913', secondary: '#000000' },
      { primary: '#6cabdd', secondary: '#1c2c5b' },
    ])
      expect(coloursProblem(colours)).toBeNull();
  });

  it('keeps the club colours as chosen where they are dark enough, and darkens a pale primary for the page', () => {
    const blue = clubPalette({ primary: '#0b3d91', secondary: '#ffffff' });
    expect(blue.light.primary).toBe('#0b3d91');
    expect(blue.light.primaryForeground).toBe('#ffffff');
    // The dark bands take the blue; the white becomes their accent, with the blue written on it.
    expect(blue.dark.chrome).toBe('#0b3d91');
    expect(blue.dark).toMatchObject({ accent: '#ffffff', accentForeground: '#0b3d91' });
    expect(blue.club).toEqual({
      primary: '#0b3d91',
      primaryInk: '#ffffff',
      secondary: '#ffffff',
      secondaryInk: '#1a1a1a',
    });

    const gold = clubPalette({ primary: '#fdb913', secondary: '#000000' });
    expect(contrastRatio(gold.light.primary, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(luminance(gold.light.primary)).toBeLessThan(luminance('#fdb913'));
    expect(gold.club.primary).toBe('#fdb913');
    expect(gold.dark).toMatchObject({ chrome: '#000000', accent: '#fdb913' });
  });

  it('by default is the red on near-black the page always had', () => {
    const red = clubPalette(DEFAULT_CLUB_COLOURS);
    expect(red.light).toMatchObject({
      primary: '#da291c',
      primaryForeground: '#ffffff',
      secondary: '#1a1a1a',
      secondaryForeground: '#ffffff',
    });
    expect(red.dark).toMatchObject({ chrome: '#1a1a1a', accent: '#da291c', accentForeground: '#ffffff' });
    expect(red.card).toMatchObject({ start: '#1a1a1a', accent: CARD_ACCENT });
  });

  it('writes its CSS as one root rule of the theme variables', () => {
    const css = paletteCss(clubPalette({ primary: '#0b3d91', secondary: '#ffffff' }));
    expect(css).toMatch(/^:root\{[^{}]+\}$/);
    expect(css).toContain('--color-primary:#0b3d91;');
    expect(css).toContain('--color-chrome:#0b3d91;');
    expect(css).not.toContain('#da291c');
  });
});
