import { cn, initials } from '@client/lib/utils';
import { Avatar as AvatarPrimitive } from 'radix-ui';

interface AvatarProps {
  name: string;
  src?: string | null;
  className?: string;
}

/** A round picture, or the name's initials when there is none or it fails to load. */
export function Avatar({ name, src, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full bg-primary', className)}
    >
      {src ? (
        <AvatarPrimitive.Image src={src} alt="" className="aspect-square size-full object-cover" />
      ) : null}
      {/* The initials stand for a name that is always written or announced beside the avatar. */}
      <AvatarPrimitive.Fallback
        aria-hidden="true"
        className="flex size-full items-center justify-center text-sm font-bold text-primary-foreground"
        delayMs={src ? 300 : 0}
      >
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
