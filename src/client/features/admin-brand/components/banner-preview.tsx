import { EmbedBanner } from '@client/components/banners/embed-banner';
import { ManualBanner } from '@client/components/banners/manual-banner';
import { useT } from '@client/lib/i18n/use-t';

interface BannerPreviewProps {
  title: string;
  subtitle: string;
  discount: string;
  description: string;
  backgroundImage: string | null;
}

/**
 * A manual banner as fans will see it: the very component the fan page shows.
 */
export function ManualBannerPreview({
  title,
  subtitle,
  discount,
  description,
  backgroundImage,
}: BannerPreviewProps) {
  const t = useT();
  return (
    <ManualBanner
      banner={{ title, subtitle, discount, description, backgroundImage }}
      eager
      placeholder={t('admin.banners.preview.manualEmpty')}
    />
  );
}

/**
 * Embedded HTML previewed exactly as the fan page frames it: a sandbox without allow-scripts or
 * allow-same-origin, so nothing in it can run script or reach this page.
 */
export function EmbedBannerPreview({ embedCode }: { embedCode: string }) {
  const t = useT();
  if (!embedCode.trim()) {
    return (
      <p className="rounded-lg border border-dashed border-input p-6 text-center text-sm text-muted-foreground">
        {t('admin.banners.preview.embedEmpty')}
      </p>
    );
  }
  return <EmbedBanner embedCode={embedCode} title={t('admin.banners.preview.embedTitle')} lazy={false} />;
}
