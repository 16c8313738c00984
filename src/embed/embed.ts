/**
 * /embed.js: the widgets as custom elements, for any site whose address the admin listed.
 *
 *   <script src="https://club.example/embed.js" async></script>
 *   <matchday-live lang="fr" theme="dark"></matchday-live>
 *   <matchday-match match="7"></matchday-match>
 *   <matchday-season season="2025-26"></matchday-season>
 *   <matchday-team-of-the-week></matchday-team-of-the-week>
 *
 * Each element draws one frame of the widget's page from the script's own origin, inside its own closed
 * shadow root: nothing of the host page is read or changed outside the element, and the host's styles
 * cannot reach in. The frame says its height (checked: from that frame, from our origin) and the
 * element takes it. `lang` picks the language (else the reader's), `theme` light, dark or auto.
 */
import { HEIGHT_MESSAGE, type HeightMessage, WIDGET_THEMES, WIDGETS } from '@shared/embed-widgets';

const script = document.currentScript as HTMLScriptElement | null;
const origin = new URL(script?.src ?? location.href).origin;

const STYLE =
  ':host{display:block;min-inline-size:280px;max-inline-size:100%}iframe{display:block;inline-size:100%;block-size:240px;border:0;background:transparent}';

function widgetUrl(path: string, value: string | null, element: HTMLElement): string | null {
  const url = new URL(value === null ? path : `${path}/${encodeURIComponent(value)}`, origin);
  const lang = element.getAttribute('lang');
  if (lang && /^[a-z]{2}$/i.test(lang)) url.searchParams.set('lang', lang.toLowerCase());
  const theme = element.getAttribute('theme');
  if (theme && (WIDGET_THEMES as readonly string[]).includes(theme)) url.searchParams.set('theme', theme);
  return url.href;
}

function define(name: string, path: string, attribute: string | null): void {
  if (customElements.get(name)) return;
  customElements.define(
    name,
    class extends HTMLElement {
      static observedAttributes = ['lang', 'theme', ...(attribute ? [attribute] : [])];
      readonly #frame = document.createElement('iframe');
      readonly #onMessage = (event: MessageEvent) => {
        if (event.origin !== origin || event.source !== this.#frame.contentWindow) return;
        const data = event.data as Partial<HeightMessage> | null;
        if (data?.type !== HEIGHT_MESSAGE || typeof data.height !== 'number') return;
        this.#frame.style.blockSize = `${Math.min(Math.max(Math.ceil(data.height), 40), 4000)}px`;
        if (typeof data.title === 'string') this.#frame.title = data.title.slice(0, 200);
      };

      constructor() {
        super();
        const shadow = this.attachShadow({ mode: 'closed' });
        // A constructed sheet, not a <style>: a host page whose policy forbids inline styles still lays it out.
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(STYLE);
        shadow.adoptedStyleSheets = [sheet];
        const frame = this.#frame;
        frame.title = 'Fan ratings';
        frame.loading = 'lazy';
        frame.referrerPolicy = 'strict-origin-when-cross-origin';
        // No cookie goes with it where the browser can do so (Chromium's credentialless frames).
        frame.setAttribute('credentialless', '');
        // Its script may run and read our API; its links open new tabs; it never moves the host page.
        frame.setAttribute(
          'sandbox',
          'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
        );
        shadow.append(frame);
      }

      connectedCallback(): void {
        addEventListener('message', this.#onMessage);
        this.#load();
      }

      disconnectedCallback(): void {
        removeEventListener('message', this.#onMessage);
      }

      attributeChangedCallback(): void {
        if (this.isConnected) this.#load();
      }

      #load(): void {
        const value = attribute ? this.getAttribute(attribute) : null;
        if (attribute === 'match' && !value) return;
        const src = widgetUrl(path, value || null, this);
        if (src && this.#frame.src !== src) this.#frame.src = src;
      }
    },
  );
}

for (const { element, path, attribute } of Object.values(WIDGETS)) define(element, path, attribute);
