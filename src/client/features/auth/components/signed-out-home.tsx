import { BrandMark } from '@client/components/layout/brand-mark';
import { SiteFooter } from '@client/components/layout/site-footer';
import { buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useBranding } from '@client/lib/branding/get-customization';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { CalendarDays, ChartNoAxesColumn, ListOrdered, Star, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { MatchTeaser } from './match-teaser';
import { SignInForm } from './sign-in-form';
import { SocialSignInButton } from './social-sign-in-button';

const HIGHLIGHTS = [
  { Icon: Star, textKey: 'auth.home.highlightRate' },
  { Icon: Trophy, textKey: 'auth.home.highlightManOfTheMatch' },
  { Icon: ChartNoAxesColumn, textKey: 'auth.home.highlightFanbase' },
];

const SIGN_IN_ID_PREFIX = 'home';
/** The sign-in form's email field (SignInForm names its fields after the prefix). */
const SIGN_IN_EMAIL_ID = `${SIGN_IN_ID_PREFIX}-email`;

/** The home screen for visitors: who we are, the match if one is on, then straight into signing in. */
export function SignedOutHome() {
  const t = useT();
  const branding = useBranding();
  const company = branding.companyName;
  return (
    <>
      <main
        id="main"
        className="surface-dark flex flex-1 items-center bg-chrome bg-[radial-gradient(130%_75%_at_50%_0%,color-mix(in_srgb,var(--color-chrome-deep)_80%,transparent),transparent_75%)] px-4 py-8 sm:py-14"
      >
        <div className="mx-auto grid w-full max-w-5xl items-center gap-8 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
          <section
            aria-labelledby="home-title"
            className="flex flex-col items-center gap-4 text-center text-white lg:items-start lg:text-start"
          >
            <BrandMark
              name={company}
              logoUrl={branding.logoUrl}
              className="size-20 rounded-xl text-3xl shadow-lg"
            />
            <div className="flex flex-col gap-2">
              <h1 id="home-title" className="text-3xl font-extrabold tracking-tight sm:text-5xl">
                {company}
              </h1>
              <p className="text-lg font-medium text-chrome-muted sm:text-xl">{t('auth.home.tagline')}</p>
            </div>
            <MatchTeaser signInFieldId={SIGN_IN_EMAIL_ID} />
            <ul className="mt-2 hidden flex-col gap-3 text-start lg:flex">
              {HIGHLIGHTS.map(({ Icon, textKey }) => (
                <li key={textKey} className="flex items-center gap-3 text-base text-white/90">
                  <span className="flex size-9 items-center justify-center rounded-full bg-primary/20 text-gold">
                    <Icon className="size-[1.125rem]" aria-hidden="true" />
                  </span>
                  {t(textKey)}
                </li>
              ))}
            </ul>
            {/* What the fans made of past matches is public: a visitor can read it before signing up. */}
            <nav
              aria-label={t('auth.home.resultsNav')}
              className="flex flex-wrap justify-center gap-2 lg:justify-start"
            >
              <Link href="/matches" className={buttonVariants({ variant: 'chrome', size: 'sm' })}>
                <CalendarDays aria-hidden="true" />
                {t('auth.home.pastMatches')}
              </Link>
              <Link href="/season" className={buttonVariants({ variant: 'chrome', size: 'sm' })}>
                <ListOrdered aria-hidden="true" />
                {t('auth.home.seasonTable')}
              </Link>
            </nav>
          </section>
          <Card className="w-full max-w-md justify-self-center lg:justify-self-end">
            <CardHeader>
              <CardTitle>{t('auth.home.signInTitle')}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <SocialSignInButton />
              <SignInForm idPrefix={SIGN_IN_ID_PREFIX} />
              <p className="text-center text-sm text-muted-foreground">
                <Trans
                  id="auth.home.newTo"
                  values={{ company }}
                  components={{
                    0: (
                      <Link
                        href="/signup"
                        className="font-semibold text-primary-text underline-offset-4 hover:underline"
                      />
                    ),
                  }}
                />
              </p>
            </CardContent>
          </Card>
        </div>
      </main>
      <SiteFooter compact />
    </>
  );
}
