import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api.ts';
import type { Ambassador } from '../../../api/types.ts';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys.ts';

/** Search by name or email (case-insensitive substring, on the server). */
export function useAdminAmbassadors(offset: number, search: string) {
  const params = { limit: ADMIN_PAGE_SIZE, offset, search: search.trim() || undefined };
  return useQuery({
    queryKey: [...adminKeys.ambassadors, params],
    queryFn: () => apiPage<Ambassador>('/api/admin/ambassadors', params),
    placeholderData: keepPreviousData,
  });
}
