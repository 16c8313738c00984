import { apiRequest } from '@client/lib/api-client';
import { historicalExport } from '@shared/analytics';
import { useMutation } from '@tanstack/react-query';

/** GET /api/analytics/history/export: one entry per completed match. */
export function getHistoryExport() {
  return apiRequest('/api/analytics/history/export', historicalExport, { cache: 'no-store' });
}

export function useHistoryExport() {
  return useMutation({ mutationFn: getHistoryExport });
}
