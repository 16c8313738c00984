import { i18n } from '@client/lib/i18n/i18n';

/** The announcement published with a new match, in the admin's language. */
export function announcementText(club: string, opponent: string): string {
  return i18n._('admin-match.details.announcementText', { club, opponent });
}

/** Today in the admin's own calendar as `YYYY-MM-DD` (the earliest match date). */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
