import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api.ts';
import type { Report } from '../../../api/types.ts';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys.ts';

export type StatusFilter = 'all' | 'pending' | 'approved' | 'rejected';

export function useAdminReports(offset: number, status: StatusFilter) {
  const params = { limit: ADMIN_PAGE_SIZE, offset, status: status === 'all' ? undefined : status };
  return useQuery({
    queryKey: [...adminKeys.reports, params],
    queryFn: () => apiPage<Report>('/api/admin/reports', params),
    placeholderData: keepPreviousData,
  });
}
