import { useMutation } from '@tanstack/react-query';
import type { TReviewInput, TReportView } from '../../../../shared/schemas/reports.ts';
import { apiRequest } from '../../../lib/api.ts';

export function reviewReport(id: string, input: TReviewInput): Promise<TReportView> {
  return apiRequest<TReportView>('POST', `/api/admin/reports/${encodeURIComponent(id)}/review`, input);
}

export function useReviewReport() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TReviewInput }) => reviewReport(id, input),
    meta: { changes: ['reports', 'ambassadors', 'activity', 'leaderboard', 'stats'] },
  });
}
