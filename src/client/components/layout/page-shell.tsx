import { useAuth } from '@client/lib/auth/auth-context';
import type { ReactNode } from 'react';
import { FloatingAdminButton } from './floating-admin-button';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The signed-in frame: header, the screen's main content, footer. */
export function PageShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <>
      <SiteHeader />
      <main
        id="main"
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8"
      >
        {children}
      </main>
      <SiteFooter />
      {user?.isAdmin ? <FloatingAdminButton /> : null}
    </>
  );
}
