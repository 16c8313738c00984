import { callEndpoint } from '@client/lib/api-client';
import { analyticsApi } from '@shared/analytics';
import { useMutation } from '@tanstack/react-query';

/** GET /api/analytics/history/export: one entry per completed match. */
export function getHistoryExport() {
  return callEndpoint(analyticsApi.historyExport, { cache: 'no-store' });
}

export function useHistoryExport() {
  return useMutation({ mutationFn: getHistoryExport });
}
