import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export interface ReviewInput {
  status: 'approved' | 'rejected';
  gcmAwarded: string;
  usdtAwarded: string;
  adminNotes: string | null;
}

export function reviewReport(id: string, input: ReviewInput): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/reports/${encodeURIComponent(id)}/review`, input);
}

export function useReviewReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReviewInput }) => reviewReport(id, input),
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
