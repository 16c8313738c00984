import { cn } from '@client/lib/utils';
import { useState } from 'react';

interface BannerPreviewProps {
  title: string;
  subtitle: string;
  discount: string;
  description: string;
  backgroundImage: string | null;
}

/** A picture address the page may show: one of our uploads or an http(s) URL. */
function previewImageUrl(value: string | null): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A manual banner as fans will see it: the same picture, dark wash, type and discount badge as the
 * fan page's banner (kept in step by hand: features do not import each other).
 */
export function ManualBannerPreview({
  title,
  subtitle,
  discount,
  description,
  backgroundImage,
}: BannerPreviewProps) {
  const image = previewImageUrl(backgroundImage);
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const showImage = image !== null && failedImage !== image;
  const empty = !title && !subtitle && !discount && !description;
  return (
    <div className="@container surface-dark relative isolate overflow-hidden rounded-lg bg-chrome text-white shadow-sm">
      {showImage ? (
        <img
          src={image}
          alt=""
          onError={() => setFailedImage(image)}
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      ) : null}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(100deg,rgb(26_26_26/0.94)_0%,rgb(26_26_26/0.84)_55%,rgb(26_26_26/0.74)_100%)]"
      />
      <div className="flex min-h-36 flex-col justify-center gap-4 p-5 @xl:flex-row @xl:items-center @xl:justify-between @xl:gap-8 @xl:px-8 @xl:py-7">
        <div className="flex min-w-0 flex-col gap-1.5">
          {subtitle ? (
            <p className="text-xs font-bold tracking-[0.14em] text-gold uppercase">{subtitle}</p>
          ) : null}
          {title ? (
            <p className="text-xl font-extrabold leading-tight tracking-tight break-words @xl:text-2xl">
              {title}
            </p>
          ) : null}
          {description ? (
            <p className="max-w-prose whitespace-pre-line text-sm leading-relaxed break-words text-white/90">
              {description}
            </p>
          ) : null}
          {empty ? (
            <p className="text-sm text-white/90">Add a title, subtitle or description to see them here.</p>
          ) : null}
        </div>
        {discount ? (
          <p
            className={cn(
              'self-start rounded-md border-2 border-dashed border-chrome/35 bg-gold px-4 py-2 text-lg font-extrabold tracking-tight text-chrome shadow-sm',
              '@xl:shrink-0 @xl:self-center @xl:px-5 @xl:py-3 @xl:text-2xl',
            )}
          >
            {discount}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function embedDocument(embedCode: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8"><base target="_blank">',
    '<style>html,body{margin:0;height:100%}body{display:flex;align-items:center;justify-content:center;',
    'overflow:auto;font-family:system-ui,sans-serif}img,video{max-width:100%;height:auto}</style>',
    `</head><body>${embedCode}</body></html>`,
  ].join('');
}

/**
 * Embedded HTML previewed exactly as the fan page frames it: a sandbox without allow-scripts or
 * allow-same-origin, so nothing in it can run script or reach this page.
 */
export function EmbedBannerPreview({ embedCode }: { embedCode: string }) {
  if (!embedCode.trim()) {
    return (
      <p className="rounded-lg border border-dashed border-input p-6 text-center text-sm text-muted-foreground">
        Paste embed code to preview it.
      </p>
    );
  }
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-card shadow-sm">
      <iframe
        title="Embedded banner preview"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={embedDocument(embedCode)}
        referrerPolicy="no-referrer"
        className="block h-[250px] w-full border-0"
      />
    </div>
  );
}
