import { Skeleton } from '@client/components/ui/skeleton';
import { useT } from '@client/lib/i18n/use-t';
import { lazyOr } from '@client/lib/lazy-or';
import type { Banner } from '@shared/content';
import { Suspense } from 'react';
import { useBanners } from '../api/get-banners';
import { DefaultPromoBanner } from './default-promo-banner';

// A sponsor's banner is the admin's choice, not every club's: its code loads when one is switched on.
// Offline before it was ever fetched, a banner is simply left out.
const EmbedBanner = lazyOr(() =>
  import('@client/components/banners/embed-banner').then((module) => module.EmbedBanner),
);
const ManualBanner = lazyOr(() =>
  import('@client/components/banners/manual-banner').then((module) => module.ManualBanner),
);

type Slot = 'banner1' | 'banner2';

// Distinct names, so the two promotion regions stay apart for screen-reader users.
const SLOT_LABELS = {
  banner1: 'content.banner.featuredPromotion',
  banner2: 'content.banner.partnerPromotion',
} as const satisfies Record<Slot, string>;

function hasContent(banner: Banner): boolean {
  if (banner.type === 'embed') return Boolean(banner.embedCode?.trim());
  return [banner.title, banner.subtitle, banner.discount, banner.description, banner.backgroundImage].some(
    (field) => Boolean(field?.trim()),
  );
}

/**
 * One advertising slot: the admin's manual banner or embedded HTML. Banner 1 falls back to the club's
 * own promotion when it is off (or empty); banner 2 then renders nothing.
 */
export function BannerSlot({ slot }: { slot: Slot }) {
  const t = useT();
  const { data, isPending } = useBanners();
  const label = t(SLOT_LABELS[slot]);

  if (isPending) {
    return slot === 'banner1' ? <Skeleton className="h-16 w-full rounded-lg sm:h-36" /> : null;
  }
  const banner = data?.[slot];
  if (!banner?.enabled || !hasContent(banner)) {
    return slot === 'banner1' ? <DefaultPromoBanner label={label} /> : null;
  }
  const fallback = slot === 'banner1' ? <Skeleton className="h-20 w-full rounded-lg sm:h-36" /> : null;
  return (
    <Suspense fallback={fallback}>
      {banner.type === 'embed' ? (
        <EmbedBanner label={label} embedCode={banner.embedCode ?? ''} />
      ) : (
        <ManualBanner label={label} banner={banner} eager={slot === 'banner1'} />
      )}
    </Suspense>
  );
}
