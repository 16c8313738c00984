import { EmbedBanner } from '@client/components/banners/embed-banner';
import { ManualBanner } from '@client/components/banners/manual-banner';

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
  return (
    <ManualBanner
      banner={{ title, subtitle, discount, description, backgroundImage }}
      eager
      placeholder="Add a title, subtitle or description to see them here."
    />
  );
}

/**
 * Embedded HTML previewed exactly as the fan page frames it: a sandbox without allow-scripts or
 * allow-same-origin, so nothing in it can run script or reach this page.
 */
export function EmbedBannerPreview({ embedCode }: { embedCode: string }) {
  if (!embedCode.trim()) {
    return (
      <p className="rounded-lg border border-dashed border-input p-6 text-center text-sm text-muted-foreground">
        Paste embed code to preview it.
      </p>
    );
  }
  return <EmbedBanner embedCode={embedCode} title="Embedded banner preview" lazy={false} />;
}
