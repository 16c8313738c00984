/** The admin panel's sections, in navigation order; the id is the `?tab=` value. */
export const ADMIN_TABS = [
  { id: 'match', label: 'Match Control' },
  { id: 'squad', label: 'Squad Management' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'users', label: 'User Management' },
  { id: 'customise', label: 'Customise' },
  { id: 'settings', label: 'Settings' },
  { id: 'scripts', label: 'Scripts & Pixels' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

export const DEFAULT_ADMIN_TAB: AdminTabId = 'match';

const IDS = new Set<string>(ADMIN_TABS.map((tab) => tab.id));

/** The tab named by `?tab=`; anything unknown or missing falls back to Match Control. */
export function adminTabFromSearch(search: string): AdminTabId {
  const value = new URLSearchParams(search).get('tab');
  return value && IDS.has(value) ? (value as AdminTabId) : DEFAULT_ADMIN_TAB;
}

/** The address of a tab: Match Control is plain /admin, the others carry `?tab=`. */
export function adminTabHref(tab: AdminTabId): string {
  return tab === DEFAULT_ADMIN_TAB ? '/admin' : `/admin?tab=${tab}`;
}

export function adminTabLabel(tab: AdminTabId): string {
  return ADMIN_TABS.find((t) => t.id === tab)?.label ?? 'Match Control';
}
