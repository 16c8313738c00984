import { FloatingAdminButton } from '@client/components/layout/floating-admin-button';
import { useAuth } from '@client/lib/auth/auth-context';
import { lazy, type ReactNode, Suspense } from 'react';
import { SiteHeader } from './site-header';

/**
 * The footer's place until its code is there: its colour and its height with the default texts
 * (502.5 px on phones, 289 px from md), in rem like the footer's own spacing.
 */
function FooterPlaceholder() {
  return <div aria-hidden="true" className="mt-auto h-[31.40625rem] bg-chrome md:h-[18.0625rem]" />;
}

// Far below the fold: the footer's code follows the first render. Should its chunk fail to load, the
// placeholder stays rather than the page breaking.
const SiteFooter = lazy(() =>
  import('@client/components/layout/site-footer').then(
    (module) => ({ default: module.SiteFooter }),
    () => ({ default: FooterPlaceholder }),
  ),
);

/** The signed-in frame: header, the screen's main content, footer. */
export function PageShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <>
      <SiteHeader />
      <main
        id="main"
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-4 px-3 py-4 sm:gap-6 sm:px-6 sm:py-8"
      >
        {children}
      </main>
      <Suspense fallback={<FooterPlaceholder />}>
        <SiteFooter />
      </Suspense>
      {user?.isAdmin ? <FloatingAdminButton /> : null}
    </>
  );
}
