import { useBranding } from '@client/lib/branding/get-customization';
import { cn } from '@client/lib/utils';
import { Link } from 'wouter';
import { BrandMark } from './brand-mark';

/** The club's mark and name, linking home: the left end of every simple header. */
export function BrandHomeLink({ nameClassName }: { nameClassName?: string }) {
  const branding = useBranding();
  return (
    <Link href="/" className="flex min-h-11 min-w-0 items-center gap-3 rounded-md">
      <BrandMark name={branding.companyName} logoUrl={branding.logoUrl} />
      <span className={cn('truncate font-bold', nameClassName)}>{branding.companyName}</span>
    </Link>
  );
}
