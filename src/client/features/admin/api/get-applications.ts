import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api.ts';
import type { Application } from '../../../api/types.ts';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys.ts';

/** Pending applications, most followers first (the server sorts and pages). */
export function useAdminApplications(offset: number) {
  const params = { limit: ADMIN_PAGE_SIZE, offset };
  return useQuery({
    queryKey: [...adminKeys.applications, params],
    queryFn: () => apiPage<Application>('/api/admin/applications', params),
    placeholderData: keepPreviousData,
  });
}
