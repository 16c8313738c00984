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
  /** Null on a screen drawn for a visitor who is signed out: its answers are public. */
  user: PublicUser | null;
  answers: BootAnswer[];
  /** The language the screen was drawn in: the page starts in it. */
  locale: Locale;
}

/** A signed-in fan's boot: the home drawn for them. */
export type FanBoot = Boot & { user: PublicUser };

/** The `<script type="application/json">` element that carries the boot answers. */
export const BOOT_ELEMENT_ID = 'matchday-boot';

/** A GET of our own API answered in the server's process (no cookie: what any visitor may read). */
export type ReadAnswer = (path: string) => Promise<{ status: number; body: string }>;

export interface PublicScreenRequest {
  /** The address as asked for: path and query. */
  url: string;
  locale: Locale;
  wide: boolean;
  messages: Messages;
  read: ReadAnswer;
}

/** The server-side render of the first screen, built from the page's own components. */
export interface FirstScreenRenderer {
  /** `wide`: the request looks like a desktop browser's, so the wide layout is drawn. */
  renderFirstScreen(boot: FanBoot, options: { wide: boolean; messages: Messages }): string;
  /**
   * A screen a signed-out visitor can land on, with the answers it read (the same reads the page makes,
   * answered by `read`), or null when it cannot be drawn whole. `renderMs`: the time spent rendering
   * (the reads' time is the routes' own).
   */
  renderPublicScreen(
    request: PublicScreenRequest,
  ): Promise<{ html: string; answers: BootAnswer[]; renderMs: number } | null>;
}
