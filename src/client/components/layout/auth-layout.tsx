import type { ReactNode } from 'react';
import { BrandHomeLink } from './brand-home-link';
import { LanguageSwitcher } from './language-switcher';
import { SiteFooter } from './site-footer';

/** The frame of the sign-in, sign-up and confirm screens: the club (and the language) on a dark pitch, one card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="surface-dark bg-chrome text-white">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <BrandHomeLink nameClassName="text-base sm:text-lg" />
          {/* A fan signs in in their own language: the choice is here before the account is. */}
          <LanguageSwitcher />
        </div>
      </header>
      <main
        id="main"
        className="surface-dark flex flex-1 flex-col items-center bg-chrome bg-[radial-gradient(130%_70%_at_50%_0%,color-mix(in_srgb,var(--color-chrome-deep)_60%,transparent),transparent_75%)] px-4 pt-6 pb-12 sm:justify-center sm:pt-10"
      >
        <div className="w-full max-w-md">{children}</div>
      </main>
      <SiteFooter compact />
    </>
  );
}
