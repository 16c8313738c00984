import type { SocialMedia } from '@shared/settings';
import { type SimpleIcon, siFacebook, siInstagram, siTiktok, siYoutube } from 'simple-icons';

/** The footer's networks in order, each with its own mark. Named imports, so only these four are bundled. */
export const SOCIAL_NETWORKS: readonly { key: keyof SocialMedia; icon: SimpleIcon }[] = [
  { key: 'youtube', icon: siYoutube },
  { key: 'instagram', icon: siInstagram },
  { key: 'facebook', icon: siFacebook },
  { key: 'tiktok', icon: siTiktok },
];

/** A network's mark as inline SVG in the text colour. Decorative: its link carries the network's name. */
export function SocialIcon({ icon, className }: { icon: SimpleIcon; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor" className={className}>
      <path d={icon.path} />
    </svg>
  );
}
