import { Card } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import { useT } from '@client/lib/i18n/use-t';
import { CalendarClock, Star, Trophy } from 'lucide-react';

// Catalogue keys, translated when drawn (the language may change after this module loads).
const STEPS = [
  { Icon: Star, titleKey: 'home.howItWorks.rateTitle', textKey: 'home.howItWorks.rateText' },
  { Icon: Trophy, titleKey: 'home.howItWorks.motmTitle', textKey: 'home.howItWorks.motmText' },
  { Icon: CalendarClock, titleKey: 'home.howItWorks.verdictTitle', textKey: 'home.howItWorks.verdictText' },
] as const;

/** The signed-in home until a match is live; the voting screen takes this place. */
export function NoLiveMatch({ firstName }: { firstName: string }) {
  const t = useT();
  return (
    <>
      <section aria-labelledby="no-match-title">
        <Card className="overflow-hidden">
          <div className="flex flex-col items-center gap-3 hero-gradient-soft px-6 py-10 text-center text-white sm:py-14">
            <span className="rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-gold uppercase">
              {t('home.noMatch.welcome', { name: firstName })}
            </span>
            <h1 id="no-match-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              {t('home.noMatch.title')}
            </h1>
            <p className="max-w-md text-[0.9375rem] text-chrome-muted">{t('home.noMatch.text')}</p>
          </div>
        </Card>
      </section>
      <section aria-labelledby="how-it-works" className="flex flex-col gap-4">
        <h2 id="how-it-works" className="text-lg font-bold">
          {t('home.howItWorks.title')}
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          {STEPS.map(({ Icon, titleKey, textKey }, index) => (
            <li key={titleKey}>
              <Card className="flex h-full items-start gap-4 p-5">
                <IconCircle className="shrink-0">
                  <Icon className="size-5" aria-hidden="true" />
                </IconCircle>
                <div className="flex flex-col gap-1">
                  <p className="font-semibold">
                    <span className="sr-only">{t('home.howItWorks.step', { number: index + 1 })} </span>
                    {t(titleKey)}
                  </p>
                  <p className="text-sm text-muted-foreground">{t(textKey)}</p>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
