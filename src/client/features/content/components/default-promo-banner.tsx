import { BrandMark } from '@client/components/layout/brand-mark';
import { useBranding } from '@client/lib/branding/get-customization';
import { useT } from '@client/lib/i18n/use-t';
import { Star, TrendingUp, Trophy } from 'lucide-react';

const HIGHLIGHTS = [
  { Icon: Star, textKey: 'content.promo.highlightRate' },
  { Icon: Trophy, textKey: 'content.promo.highlightMotm' },
  { Icon: TrendingUp, textKey: 'content.promo.highlightLeaderboard' },
] as const;

/** The club's own promotion, in banner 1's place while no sponsor banner is switched on. */
export function DefaultPromoBanner({ label }: { label: string }) {
  const t = useT();
  const { companyName, logoUrl } = useBranding();
  return (
    <section
      aria-label={label}
      className="@container surface-dark relative isolate overflow-hidden rounded-lg hero-gradient-soft text-white shadow-sm"
    >
      {/* A centre circle and halfway line, drawn faintly: a pitch without a picture to load. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute top-1/2 -end-16 size-64 -translate-y-1/2 rounded-full border-2 border-white/[0.07]" />
        <div className="absolute inset-y-0 end-[6.5rem] w-0.5 bg-white/[0.07]" />
        <div className="absolute -top-24 -end-24 size-72 rounded-full bg-primary/35 blur-3xl" />
      </div>
      <div className="flex flex-col justify-center gap-4 p-3 sm:min-h-36 sm:p-5 @2xl:flex-row @2xl:items-center @2xl:justify-between @2xl:gap-8 @2xl:px-8 @2xl:py-7">
        <div className="flex min-w-0 items-center gap-3 sm:items-start sm:gap-4">
          <BrandMark
            name={companyName}
            logoUrl={logoUrl}
            className="size-10 shrink-0 text-base sm:size-12 sm:text-lg"
          />
          <div className="flex min-w-0 flex-col gap-0.5 sm:gap-1.5">
            <p className="text-[0.6875rem] font-bold tracking-[0.14em] text-gold uppercase sm:text-xs">
              {t('content.promo.fans', { company: companyName })}
            </p>
            <p className="text-base font-extrabold leading-tight tracking-tight sm:text-xl @xl:text-2xl">
              {t('content.promo.title')}
            </p>
            {/* A phone shows the title alone: the players come first on its small screen. */}
            <p className="hidden max-w-prose text-sm leading-relaxed text-white/90 sm:block">
              {t('content.promo.body')}
            </p>
          </div>
        </div>
        <ul className="hidden flex-wrap gap-2 sm:flex @2xl:shrink-0 @2xl:flex-col @2xl:gap-1.5">
          {HIGHLIGHTS.map(({ Icon, textKey }) => (
            <li
              key={textKey}
              className="flex items-center gap-2 rounded-full bg-white/10 px-3 py-1.5 text-xs font-semibold whitespace-nowrap"
            >
              <Icon className="size-3.5 text-gold" aria-hidden="true" />
              {t(textKey)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
