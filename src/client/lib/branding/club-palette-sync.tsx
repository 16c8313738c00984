import { type ClubColours, coloursKey, DEFAULT_CLUB_COLOURS, PALETTE_STYLE_ID } from '@shared/club-colours';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { customizationQueryOptions, useCustomization } from './get-customization';

/** The pair the page draws in now: the server's palette style names it; without one, the built default. */
function shownColours(): string {
  const style = document.getElementById(PALETTE_STYLE_ID);
  return style?.dataset.colours ?? coloursKey(DEFAULT_CLUB_COLOURS);
}

/**
 * The palette's variables written into the page's palette style (made if the page came without one), and
 * the browser bar's colour. The palette's maths loads only here: a page shown in the colours it arrived
 * in never needs it.
 */
async function paletteWriter(colours: ClubColours): Promise<() => void> {
  const { clubPalette, paletteCss } = await import('@shared/club-palette');
  const palette = clubPalette(colours);
  return () => {
    let style = document.getElementById(PALETTE_STYLE_ID);
    if (!style) {
      style = document.createElement('style');
      style.id = PALETTE_STYLE_ID;
      document.head.append(style);
    }
    style.textContent = paletteCss(palette);
    style.dataset.colours = coloursKey(colours);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.dark.chrome);
  };
}

/**
 * Keeps an open page in the club's colours: the server draws the first paint in them, and when an admin
 * changes them (the live branding message refreshes the branding) the page follows, and its answers are
 * asked again, since the players' portraits have new addresses.
 */
export function ClubPaletteSync() {
  const { data } = useCustomization();
  const queryClient = useQueryClient();
  const primary = data?.primaryColour;
  const secondary = data?.secondaryColour;

  useEffect(() => {
    if (!primary || !secondary) return;
    const colours = { primary, secondary };
    if (coloursKey(colours) === shownColours()) return;
    let current = true;
    void paletteWriter(colours).then((write) => {
      if (!current) return;
      write();
      const branding = customizationQueryOptions().queryKey[0];
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== branding });
    });
    return () => {
      current = false;
    };
  }, [primary, secondary, queryClient]);
  return null;
}
