import { cn } from '@client/lib/utils';
import { useState } from 'react';

/** A neutral head-and-shoulders shape for players without a usable photo. */
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
  className?: string;
}

/** The player's photo, or the silhouette when there is none or it fails to load. Decorative: the name sits beside it. */
export function PlayerImage({ src, className }: PlayerImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showPhoto = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        'flex size-16 shrink-0 items-end justify-center overflow-hidden rounded-full bg-muted ring-1 ring-border',
        className,
      )}
    >
      {showPhoto && src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover object-top"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <Silhouette className="translate-y-[6%]" />
      )}
    </span>
  );
}
