import { ApiKeysCard } from '@client/features/admin-api-keys/components/api-keys-card';
import { EmbedSitesCard } from '@client/features/admin-embeds/components/embed-sites-card';

interface PublishingTabProps {
  /** The admin notifications preference: success notices only when on. Errors always show. */
  notificationsEnabled?: boolean;
}

/** Widgets & API: the sites that may frame the fans' widgets, and the media partners' API keys. */
export function PublishingTab({ notificationsEnabled = true }: PublishingTabProps = {}) {
  return (
    <div className="flex flex-col gap-6">
      <EmbedSitesCard notify={notificationsEnabled} />
      <ApiKeysCard notify={notificationsEnabled} />
    </div>
  );
}
