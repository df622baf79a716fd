import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReportInput } from '../../../../shared/schemas/reports.ts';
import type { TReportView } from '../../../../shared/schemas/views.ts';
import { ambassadorKey } from '../../../api/ambassador.ts';
import { myReportsKey } from '../../../api/reports.ts';
import { apiRequest } from '../../../lib/api.ts';

/** The server takes the ambassador from the session; the body holds only the week and the text. */
export function submitReport(input: TReportInput): Promise<TReportView> {
  return apiRequest<TReportView>('POST', '/api/reports', input);
}

export function useSubmitReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReport,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: myReportsKey }), queryClient.invalidateQueries({ queryKey: ambassadorKey })]);
    },
  });
}
