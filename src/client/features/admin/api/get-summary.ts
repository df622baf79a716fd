import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { AdminSummary } from '../../../api/types.ts';
import { adminKeys } from './keys.ts';

export function getSummary(): Promise<AdminSummary> {
  return apiRequest<AdminSummary>('GET', '/api/admin/summary');
}

export function useAdminSummary() {
  return useQuery({ queryKey: adminKeys.summary, queryFn: getSummary });
}
