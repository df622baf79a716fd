import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api.ts';
import type { Withdrawal } from '../../../api/types.ts';
import type { StatusFilter } from './get-reports.ts';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys.ts';

export function useAdminWithdrawals(offset: number, status: StatusFilter) {
  const params = { limit: ADMIN_PAGE_SIZE, offset, status: status === 'all' ? undefined : status };
  return useQuery({
    queryKey: [...adminKeys.withdrawals, params],
    queryFn: () => apiPage<Withdrawal>('/api/admin/withdrawal-requests', params),
    placeholderData: keepPreviousData,
  });
}
