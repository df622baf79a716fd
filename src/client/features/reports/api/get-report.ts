/** One of the ambassador's own reports (GET /api/reports/:id), for its detail and a notification's link. */
import { useQuery } from '@tanstack/react-query';
import type { TReportView } from '../../../../shared/schemas/reports.ts';
import { resources } from '../../../api/resources.ts';

/**
 * Read afresh each time the detail opens: a notification's link comes right after a decision,
 * which the page's list may not have yet. The list's row, when there is one, shows meanwhile.
 */
export function useReport(id: string, shown?: TReportView) {
  return useQuery({ ...resources.myReport(id), placeholderData: shown });
}
