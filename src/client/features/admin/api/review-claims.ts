import { useMutation } from '@tanstack/react-query';
import type { TAdminReportView } from '../../../../shared/schemas/reports.ts';
import { apiRequest } from '../../../lib/api.ts';

/** How often an open review renews its claim (the server holds one for 10 minutes). */
export const CLAIM_RENEW_MS = 4 * 60_000;

/** Claims (or renews the claim on) a pending report for this reviewer; 409 'Being reviewed by …' when another holds it. */
export function claimReport(id: string): Promise<{ claimedBy: string; claimedUntil: string }> {
  return apiRequest('POST', `/api/admin/reports/${encodeURIComponent(id)}/claim`);
}

/** 'Next pending': the oldest pending report nobody else holds, claimed for this reviewer; the one left is released. */
export function useClaimNextReport() {
  return useMutation({
    // The dialog shows the report claimed at once; the list follows.
    mutationFn: (exceptId: string | undefined) =>
      apiRequest<TAdminReportView>('POST', '/api/admin/reports/claim-next', exceptId ? { exceptId } : {}, undefined, { background: true }),
  });
}
