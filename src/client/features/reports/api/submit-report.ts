import { useMutation } from '@tanstack/react-query';
import type { TReportInput, TReportView } from '../../../../shared/schemas/reports.ts';
import { apiRequest } from '../../../lib/api.ts';

/** The server takes the ambassador from the session; the body holds only the week and the text. */
export function submitReport(input: TReportInput): Promise<TReportView> {
  return apiRequest<TReportView>('POST', '/api/reports', input);
}

/** The ambassador's reports and record (the next report's date), and the admins' queue. */
export function useSubmitReport() {
  return useMutation({ mutationFn: submitReport });
}
