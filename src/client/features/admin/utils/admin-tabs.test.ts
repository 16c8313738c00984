import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, adminTabFromSearch, adminTabHref, adminTabLabel } from './admin-tabs';

describe('admin tabs', () => {
  loadCatalogsForTests();

  it('lists the admin panel sections in order', () => {
    expect(ADMIN_TABS.map((t) => t.label)).toEqual([
      'Match Control',
      'Squad Management',
      'Analytics',
      'User Management',
      'Customise',
      'Settings',
      'Scripts & Pixels',
      'Widgets & API',
    ]);
  });

  it('reads the tab from the query and falls back to Match Control', () => {
    expect(adminTabFromSearch('?tab=squad')).toBe('squad');
    expect(adminTabFromSearch('tab=scripts')).toBe('scripts');
    expect(adminTabFromSearch('')).toBe('match');
    expect(adminTabFromSearch('?tab=nope')).toBe('match');
  });

  it('builds addresses that survive a reload', () => {
    expect(adminTabHref('match')).toBe('/admin');
    expect(adminTabHref('users')).toBe('/admin?tab=users');
    for (const tab of ADMIN_TABS)
      expect(adminTabFromSearch(adminTabHref(tab.id).split('?')[1] ?? '')).toBe(tab.id);
    expect(adminTabLabel('customise')).toBe('Customise');
  });
});
