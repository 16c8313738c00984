import { cn, initials } from '@client/lib/utils';
import { cva, type VariantProps } from 'class-variance-authority';
import { Avatar } from 'radix-ui';

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
  className?: string;
}

/**
 * The player's photo, or initials when there is none or it fails to load. The name always sits next to
 * it, so the photo is decorative for screen readers.
 */
export function PlayerAvatar({ name, image, size, className }: PlayerAvatarProps) {
  return (
    <Avatar.Root className={cn(avatarVariants({ size }), className)}>
      {image ? <Avatar.Image src={image} alt="" className="size-full object-cover object-top" /> : null}
      <Avatar.Fallback
        delayMs={image ? 400 : 0}
        className="flex size-full items-center justify-center font-bold tracking-tight text-secondary-foreground"
      >
        {initials(name)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
