import { useQuery } from '@tanstack/react-query';
import type { TAnalytics } from '../../../../shared/schemas/analytics.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

/** The programme over time (DECISIONS §5, The admin desk); read again each time the tab opens. */
export function useAnalytics() {
  return useQuery({ queryKey: adminKeys.analytics, queryFn: () => apiRequest<TAnalytics>('GET', '/api/admin/analytics'), staleTime: 0 });
}
