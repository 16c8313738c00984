import { BannersCard } from './banners-card';
import { FeedCard } from './feed-card';
import { SeasonCard } from './season-card';
import { ShieldRulesCard } from './shield-rules-card';
import { SocialLinksCard } from './social-links-card';

interface SettingsTabProps {
  /** The admin notifications preference: success notices only when on. Errors always show. */
  notificationsEnabled?: boolean;
}

/** Settings: the football-data feed, social media links, the advertising banners, the month the club's seasons start in and the shield's rules. */
export function SettingsTab({ notificationsEnabled = true }: SettingsTabProps = {}) {
  return (
    <div className="flex flex-col gap-6">
      <FeedCard notify={notificationsEnabled} />
      <SocialLinksCard notify={notificationsEnabled} />
      <BannersCard notify={notificationsEnabled} />
      <SeasonCard notify={notificationsEnabled} />
      <ShieldRulesCard notify={notificationsEnabled} />
    </div>
  );
}
