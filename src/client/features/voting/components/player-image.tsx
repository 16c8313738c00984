import { cn } from '@client/lib/utils';
import { useState } from 'react';

/** A neutral head-and-shoulders shape, only for when neither the photo nor the portrait loads. */
function Silhouette({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      className={cn('size-full text-muted-foreground/45', className)}
    >
      <circle cx="32" cy="24" r="12" fill="currentColor" />
      <path d="M8 64c0-14 10.7-22 24-22s24 8 24 22z" fill="currentColor" />
    </svg>
  );
}

interface PlayerImageProps {
  src: string | null;
  /** The player's generated portrait (the players' answer's `portraitUrl`), shown without a usable photo. */
  portraitUrl?: string | null | undefined;
  className?: string;
}

/**
 * The player's photo, else their portrait in the club's colours, else the silhouette when both fail to
 * load. Decorative: the name sits beside it.
 */
export function PlayerImage({ src, portraitUrl, className }: PlayerImageProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const photo = src && !failed.has(src) ? src : null;
  const shown = photo ?? (portraitUrl && !failed.has(portraitUrl) ? portraitUrl : null);
  return (
    <span
      className={cn(
        'flex size-16 shrink-0 items-end justify-center overflow-hidden rounded-full bg-muted ring-1 ring-border',
        className,
      )}
    >
      {shown ? (
        <img
          key={shown}
          src={shown}
          alt=""
          loading="lazy"
          decoding="async"
          className={cn('size-full object-cover', photo ? 'object-top' : 'object-center')}
          onError={() => setFailed((previous) => new Set(previous).add(shown))}
        />
      ) : (
        <Silhouette className="translate-y-[6%]" />
      )}
    </span>
  );
}
