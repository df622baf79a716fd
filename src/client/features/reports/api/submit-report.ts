import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { ambassadorKey, myAmbassadorKey } from '../../../api/ambassador.ts';
import { myReportsKey } from '../../../api/reports.ts';
import type { Report } from '../../../api/types.ts';

export interface SubmitReportInput {
  weekStartDate: string;
  weekEndDate: string;
  activityReport: string;
}

/** The server takes the ambassador from the session; the body holds only the week and the text. */
export function submitReport(input: SubmitReportInput): Promise<Report> {
  return apiRequest<Report>('POST', '/api/reports', input);
}

export function useSubmitReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReport,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myReportsKey }),
        queryClient.invalidateQueries({ queryKey: myAmbassadorKey }),
        queryClient.invalidateQueries({ queryKey: ambassadorKey }),
      ]);
    },
  });
}
