import { useMutation } from '@tanstack/react-query';
import type { ReasonCode } from '../../../../shared/reasons.ts';
import type { TReportView, TReviewInput as TBaseReviewInput } from '../../../../shared/schemas/reports.ts';
import { apiRequest } from '../../../lib/api.ts';

/** A review, with the reason of a reject (DECISIONS §6). */
export type TReviewInput = TBaseReviewInput & { reasonCode?: ReasonCode | undefined };

export function reviewReport(id: string, input: TReviewInput): Promise<TReportView> {
  return apiRequest<TReportView>('POST', `/api/admin/reports/${encodeURIComponent(id)}/review`, input);
}

export function useReviewReport() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TReviewInput }) => reviewReport(id, input),
  });
}
