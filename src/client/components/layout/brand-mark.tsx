import { cn, initials } from '@client/lib/utils';
import { useState } from 'react';

interface BrandMarkProps {
  name: string;
  logoUrl?: string | null;
  className?: string;
}

/** The club logo, or its initials when no logo is set or the image fails to load. */
export function BrandMark({ name, logoUrl, className }: BrandMarkProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showLogo = Boolean(logoUrl) && failedUrl !== logoUrl;
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md font-extrabold tracking-tight',
        showLogo ? 'bg-white' : 'bg-primary text-primary-foreground',
        className,
      )}
    >
      {showLogo && logoUrl ? (
        <img
          src={logoUrl}
          alt={`${name} logo`}
          className="size-full object-contain p-0.5"
          onError={() => setFailedUrl(logoUrl)}
        />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
