import { useT } from '@client/lib/i18n/use-t';
import { cn, initials } from '@client/lib/utils';
import { useState } from 'react';
import { ClubCrest } from './club-crest';

interface BrandMarkProps {
  name: string;
  logoUrl?: string | null;
  className?: string;
}

/** The club logo, or a crest with its initials when no logo is set or the image fails to load. */
export function BrandMark({ name, logoUrl, className }: BrandMarkProps) {
  const t = useT();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showLogo = Boolean(logoUrl) && failedUrl !== logoUrl;
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md font-extrabold tracking-tight',
        showLogo ? 'bg-white' : null,
        className,
        // The crest is its own shape: no tile or box shadow around it.
        showLogo ? null : 'overflow-visible rounded-none bg-transparent shadow-none',
      )}
    >
      {showLogo && logoUrl ? (
        <img
          src={logoUrl}
          alt={t('common.brand.logoAlt', { name })}
          className="size-full object-contain p-0.5"
          onError={() => setFailedUrl(logoUrl)}
        />
      ) : (
        <ClubCrest initials={initials(name)} />
      )}
    </span>
  );
}
