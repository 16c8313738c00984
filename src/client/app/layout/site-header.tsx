import { BrandMark } from '@client/components/layout/brand-mark';
import { LanguageSwitcher } from '@client/components/layout/language-switcher';
import { SiteNav } from '@client/components/layout/site-nav';
import { Button, buttonVariants } from '@client/components/ui/button';
import { useAuth } from '@client/lib/auth/auth-context';
import { useBranding } from '@client/lib/branding/get-customization';
import { useT } from '@client/lib/i18n/use-t';
import { LogIn, LogOut, Shield } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AccountButton } from './account-button';

/**
 * The header: brand, admin entry (admins only), account avatar and sign-out, or Sign In for a visitor
 * on a public page; the sections' navigation under it.
 */
export function SiteHeader() {
  const t = useT();
  const { user, signOut } = useAuth();
  const branding = useBranding();
  const [, navigate] = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const company = branding.companyName;
  const headerImage = branding.headerImageUrl;

  return (
    <header
      className="surface-dark relative bg-chrome bg-cover bg-center text-white"
      // A configured header image sits under a dark wash so the white text keeps its contrast.
      style={headerImage ? { backgroundImage: `url(${JSON.stringify(headerImage)})` } : undefined}
    >
      {headerImage ? <div className="absolute inset-0 bg-chrome/85" aria-hidden="true" /> : null}
      <div className="relative mx-auto flex h-16 w-full max-w-6xl items-center gap-3 px-4 sm:h-[4.5rem] sm:px-6">
        <Link href="/" className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-md">
          <BrandMark name={company} logoUrl={branding.logoUrl} />
          <span className="flex min-w-0 flex-col">
            <span dir="auto" className="truncate text-base font-bold leading-tight sm:text-lg">
              {company}
            </span>
            <span className="truncate text-xs font-medium text-chrome-muted sm:text-sm">
              {t('common.header.tagline')}
            </span>
          </span>
        </Link>
        <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          {user?.isAdmin ? (
            <Button
              variant="chrome"
              size="sm"
              onClick={() => navigate('/admin')}
              className="max-sm:w-11 max-sm:px-0"
            >
              <Shield aria-hidden="true" />
              <span className="max-sm:sr-only">{t('common.header.adminPanel')}</span>
            </Button>
          ) : null}
          {/* On a phone, the language's code and globe only: the header keeps room for the club's name. */}
          <LanguageSwitcher className="max-sm:gap-0.5 max-sm:px-1.5 max-sm:[&>svg:last-of-type]:hidden" />
          {user ? (
            <>
              <AccountButton user={user} />
              <Button
                variant="chrome"
                size="sm"
                disabled={signingOut}
                onClick={() => {
                  setSigningOut(true);
                  void signOut();
                }}
                className="max-sm:w-11 max-sm:px-0"
              >
                <LogOut aria-hidden="true" />
                <span className="max-sm:sr-only">{t('common.header.signOut')}</span>
              </Button>
            </>
          ) : (
            <Link href="/signin" className={buttonVariants({ variant: 'chrome', size: 'sm' })}>
              <LogIn aria-hidden="true" />
              {t('common.header.signIn')}
            </Link>
          )}
        </div>
      </div>
      <div className="relative">
        <SiteNav signedIn={user !== null} />
      </div>
    </header>
  );
}
