import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type AdminTabId, adminTabFromSearch, adminTabHref } from '../utils/admin-tabs';

/** The open tab lives in the address (`/admin?tab=squad`), so a reload or a shared link keeps it. */
export function useAdminTab(): [AdminTabId, (tab: AdminTabId) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = adminTabFromSearch(search);
  const open = useCallback((next: AdminTabId) => navigate(adminTabHref(next)), [navigate]);
  return [tab, open];
}
