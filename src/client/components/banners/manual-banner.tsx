import type { Banner } from '@shared/content';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { bannerImageUrl } from './banner-image-url';

interface ManualBannerProps {
  /** Names the region on the fan page; the admin's preview has none. */
  label?: string;
  banner: Pick<Banner, 'title' | 'subtitle' | 'discount' | 'description' | 'backgroundImage'>;
  /** Banner 1 sits at the top of the page, so its picture loads at once; others wait until near view. */
  eager?: boolean;
  /** Shown when the banner has no text yet (the admin's preview). */
  placeholder?: ReactNode;
}

/**
 * The admin's own banner, on the fan page and in the admin's preview alike: background picture under a
 * dark wash (white text stays above 4.5:1 on any picture), title, subtitle, discount and description. A
 * broken picture is hidden, leaving the wash colour.
 */
export function ManualBanner({ label, banner, eager = false, placeholder }: ManualBannerProps) {
  const image = bannerImageUrl(banner.backgroundImage);
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const showImage = image !== null && failedImage !== image;
  const { title, subtitle, discount, description } = banner;
  const Frame = label ? 'section' : 'div';

  return (
    <Frame
      aria-label={label}
      className="@container surface-dark relative isolate overflow-hidden rounded-lg bg-chrome text-white shadow-sm"
    >
      {showImage ? (
        <img
          src={image}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedImage(image)}
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      ) : null}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(100deg,rgb(26_26_26/0.94)_0%,rgb(26_26_26/0.84)_55%,rgb(26_26_26/0.74)_100%)]"
      />
      <div className="flex min-h-20 flex-col justify-center gap-2 p-3 sm:min-h-36 sm:gap-4 sm:p-5 @xl:flex-row @xl:items-center @xl:justify-between @xl:gap-8 @xl:px-8 @xl:py-7">
        <div className="flex min-w-0 flex-col gap-1.5">
          {subtitle ? (
            <p className="text-xs font-bold tracking-[0.14em] text-gold uppercase">{subtitle}</p>
          ) : null}
          {title ? (
            <p className="text-base font-extrabold leading-tight tracking-tight break-words sm:text-xl @xl:text-2xl">
              {title}
            </p>
          ) : null}
          {description ? (
            // A phone keeps a banner to a strip: the description waits for a wider screen.
            <p className="hidden max-w-prose whitespace-pre-line text-sm leading-relaxed break-words text-white/90 sm:block">
              {description}
            </p>
          ) : null}
          {!title && !subtitle && !discount && !description && placeholder ? (
            <p className="text-sm text-white/90">{placeholder}</p>
          ) : null}
        </div>
        {discount ? (
          <p className="self-start rounded-md border-2 border-dashed border-chrome/35 bg-gold px-3 py-1 text-base font-extrabold sm:px-4 sm:py-2 sm:text-lg tracking-tight text-chrome shadow-sm @xl:shrink-0 @xl:self-center @xl:px-5 @xl:py-3 @xl:text-2xl">
            {discount}
          </p>
        ) : null}
      </div>
    </Frame>
  );
}
