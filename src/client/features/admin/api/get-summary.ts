import { useQuery } from '@tanstack/react-query';
import type { TAdminSummary } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function getSummary(): Promise<TAdminSummary> {
  return apiRequest<TAdminSummary>('GET', '/api/admin/summary');
}

export function useAdminSummary() {
  return useQuery({ queryKey: adminKeys.summary, queryFn: getSummary });
}
