import { useT } from '@client/lib/i18n/use-t';

interface EmbedBannerProps {
  /** Names the region on the fan page; the admin's preview has none. */
  label?: string;
  embedCode: string;
  /** The frame's accessible name (by default, sponsored content). */
  title?: string;
  lazy?: boolean;
}

// The admin's HTML gets a bare page around it: no margins, centred, links opening a new tab (inside
// the sandbox a link could otherwise only navigate the frame itself).
function embedDocument(embedCode: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8"><base target="_blank">',
    '<style>html,body{margin:0;height:100%}body{display:flex;align-items:center;justify-content:center;',
    'overflow:auto;font-family:system-ui,sans-serif}img,video{max-width:100%;height:auto}</style>',
    `</head><body>${embedCode}</body></html>`,
  ].join('');
}

/**
 * Embedded HTML from the admin, rendered so it can never run script in our page: a sandboxed frame
 * without allow-scripts or allow-same-origin (its own opaque origin, no script at all). Popups are allowed
 * so an advert's link can open, outside the sandbox, in a new tab.
 */
export function EmbedBanner({ label, embedCode, title, lazy = true }: EmbedBannerProps) {
  const t = useT();
  const Frame = label ? 'section' : 'div';
  return (
    <Frame aria-label={label} className="overflow-hidden rounded-lg border border-border bg-card shadow-sm">
      <iframe
        title={title ?? t('common.banner.sponsored')}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={embedDocument(embedCode)}
        loading={lazy ? 'lazy' : 'eager'}
        referrerPolicy="no-referrer"
        className="block h-[250px] w-full border-0"
      />
    </Frame>
  );
}
