import type { PublicUser } from './auth';
import type { Locale } from './i18n/locales';
import type { Messages } from './i18n/translator';

/**
 * What the server puts in the page for a signed-in fan's first load of `/`: the answers the voting screen
 * is drawn from (each under the query key the page caches it by), so the screen shows before any script
 * asks for them, and the page starts from them.
 */
export interface BootAnswer {
  key: readonly (string | number | boolean)[];
  data: unknown;
}

export interface Boot {
  user: PublicUser;
  answers: BootAnswer[];
  /** The language the screen was drawn in: the page starts in it. */
  locale: Locale;
}

/** The `<script type="application/json">` element that carries the boot answers. */
export const BOOT_ELEMENT_ID = 'matchday-boot';

/** The server-side render of the first screen, built from the page's own components. */
export interface FirstScreenRenderer {
  /** `wide`: the request looks like a desktop browser's, so the wide layout is drawn. */
  renderFirstScreen(boot: Boot, options: { wide: boolean; messages: Messages }): string;
}
