import { useT } from '@client/lib/i18n/use-t';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandHomeLink } from './brand-home-link';
import { SiteFooter } from './site-footer';

interface LegalPageProps {
  title: string;
  updated: string;
  /** One LegalSection per topic. */
  children: ReactNode;
}

/** The frame of the privacy policy and the terms: a readable column of text. */
export function LegalPage({ title, updated, children }: LegalPageProps) {
  const t = useT();
  return (
    <>
      <header className="surface-dark bg-chrome text-white">
        <div className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <BrandHomeLink />
          <Link
            href="/"
            className="flex min-h-11 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-chrome-muted hover:text-white"
          >
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('common.legal.backToRatings')}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <article className="rounded-lg border border-border bg-card px-5 py-8 shadow-sm sm:px-10 sm:py-10">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            {t('common.legal.lastUpdated', { date: updated })}
          </p>
          <div className="mt-8 flex flex-col gap-8 text-[0.975rem] leading-relaxed text-foreground/90">
            {children}
          </div>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 [&_a]:font-medium [&_a]:text-primary-text [&_a]:underline [&_a]:underline-offset-4 [&_li]:ps-1 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5 [&_ul]:ps-5">
      <h2 className="text-xl font-bold tracking-tight text-foreground">{title}</h2>
      {children}
    </section>
  );
}
