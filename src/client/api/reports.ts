/** The ambassador's own reports: listed by the dashboard, refreshed by the report form. */
import { useQuery } from '@tanstack/react-query';
import type { TReportView } from '../../shared/schemas/views.ts';
import { apiRequest } from '../lib/api.ts';

export const myReportsKey = ['/api/reports'] as const;

export function getMyReports(): Promise<TReportView[]> {
  return apiRequest<TReportView[]>('GET', '/api/reports');
}

export function useMyReports(enabled = true) {
  return useQuery({ queryKey: myReportsKey, queryFn: getMyReports, enabled });
}
