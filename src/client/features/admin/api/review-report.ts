import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewInput } from '../../../../shared/schemas/reports.ts';
import type { TReportView } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function reviewReport(id: string, input: TReviewInput): Promise<TReportView> {
  return apiRequest<TReportView>('POST', `/api/admin/reports/${encodeURIComponent(id)}/review`, input);
}

export function useReviewReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TReviewInput }) => reviewReport(id, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.reports }),
        queryClient.invalidateQueries({ queryKey: adminKeys.ambassadors }),
        queryClient.invalidateQueries({ queryKey: adminKeys.summary }),
        queryClient.invalidateQueries({ queryKey: adminKeys.actions }),
      ]);
    },
  });
}
