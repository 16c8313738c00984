import { i18n } from '@client/lib/i18n/i18n';

/** A section: its `?tab=` id and its catalogue key; `label` is the key read in the language being read. */
function section<const Id extends string>(id: Id, labelKey: string) {
  return {
    id,
    labelKey,
    get label(): string {
      return i18n._(labelKey);
    },
  };
}

/** The admin panel's sections, in navigation order; the id is the `?tab=` value. */
export const ADMIN_TABS = [
  section('match', 'admin.tabs.match'),
  section('squad', 'admin.tabs.squad'),
  section('analytics', 'admin.tabs.analytics'),
  section('users', 'admin.tabs.users'),
  section('customise', 'admin.tabs.customise'),
  section('settings', 'admin.tabs.settings'),
  section('scripts', 'admin.tabs.scripts'),
  section('publishing', 'admin.tabs.publishing'),
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

/** The section's catalogue key (components translate it with `t`, so a language switch redraws it). */
export function adminTabLabelKey(tab: AdminTabId): string {
  return (ADMIN_TABS.find((t) => t.id === tab) ?? ADMIN_TABS[0]).labelKey;
}

export function adminTabLabel(tab: AdminTabId): string {
  return i18n._(adminTabLabelKey(tab));
}
