import { cn, initials } from '@client/lib/utils';
import { useState } from 'react';

interface AvatarProps {
  name: string;
  src?: string | null;
  className?: string;
}

/**
 * A round picture, or the name's initials when there is none or it fails to load. Plain markup: it is in
 * the header of every screen, where a library's bytes count.
 */
export function Avatar({ name, src, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full bg-primary', className)}>
      {/* The initials stand for a name that is always written or announced beside the avatar. */}
      <span
        aria-hidden="true"
        className="flex size-full items-center justify-center text-sm font-bold text-primary-foreground"
      >
        {initials(name)}
      </span>
      {showImage && src ? (
        <img
          src={src}
          alt=""
          onError={() => setFailed(src)}
          className="absolute inset-0 aspect-square size-full object-cover"
        />
      ) : null}
    </span>
  );
}
