import { cn, initials } from '@client/lib/utils';
import { cva, type VariantProps } from 'class-variance-authority';
import { Avatar } from 'radix-ui';
import { useState } from 'react';

const avatarVariants = cva('relative flex shrink-0 overflow-hidden rounded-full bg-secondary', {
  variants: {
    size: {
      sm: 'size-10 text-sm',
      md: 'size-12 text-base',
      lg: 'size-20 text-2xl sm:size-24 sm:text-3xl',
    },
  },
  defaultVariants: { size: 'sm' },
});

interface PlayerAvatarProps extends VariantProps<typeof avatarVariants> {
  name: string;
  image: string | null;
  /** The player's generated portrait (the answer's `portraitUrl`), shown without a usable photo. */
  portraitUrl?: string | null | undefined;
  className?: string;
}

/**
 * The player's photo, else their portrait in the club's colours, else initials when neither loads.
 * The name always sits next to it, so the picture is decorative for screen readers.
 */
export function PlayerAvatar({ name, image, portraitUrl, size, className }: PlayerAvatarProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const photo = image && !failed.has(image) ? image : null;
  const shown = photo ?? (portraitUrl && !failed.has(portraitUrl) ? portraitUrl : null);
  return (
    <Avatar.Root className={cn(avatarVariants({ size }), className)}>
      {shown ? (
        <Avatar.Image
          key={shown}
          src={shown}
          alt=""
          className={cn('size-full object-cover', photo ? 'object-top' : 'object-center')}
          onLoadingStatusChange={(status) => {
            if (status === 'error') setFailed((previous) => new Set(previous).add(shown));
          }}
        />
      ) : null}
      <Avatar.Fallback
        delayMs={shown ? 400 : 0}
        className="flex size-full items-center justify-center font-bold tracking-tight text-secondary-foreground"
      >
        {initials(name)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
