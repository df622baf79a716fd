/** One page of My Reports (GET /api/reports?limit=&offset=, total in X-Total-Count). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MY_REPORTS_PAGE_SIZE } from '../../../../shared/limits.ts';
import type { TReportView } from '../../../../shared/schemas/views.ts';
import { myReportsKey } from '../../../api/reports.ts';
import { apiPage, type Page } from '../../../lib/api.ts';

export function getReportPage(offset: number): Promise<Page<TReportView>> {
  return apiPage<TReportView>('/api/reports', { limit: MY_REPORTS_PAGE_SIZE, offset });
}

/** Under the reports key: a new report or a decision heard of refreshes every page. */
export function useReportPage(offset: number, enabled = true) {
  return useQuery({
    queryKey: [...myReportsKey, 'page', offset],
    queryFn: () => getReportPage(offset),
    placeholderData: keepPreviousData,
    enabled,
  });
}
