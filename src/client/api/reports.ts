/** The ambassador's own reports: listed by the dashboard, refreshed by the report form. */
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';
import type { Report } from './types.ts';

export const myReportsKey = ['/api/reports'] as const;

export function getMyReports(): Promise<Report[]> {
  return apiRequest<Report[]>('GET', '/api/reports');
}

export function useMyReports(enabled = true) {
  return useQuery({ queryKey: myReportsKey, queryFn: getMyReports, enabled });
}
