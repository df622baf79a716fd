import { useMutation } from '@tanstack/react-query';
import type { TWithdrawalView } from '../../../../shared/schemas/withdrawals.ts';
import { apiRequest } from '../../../lib/api.ts';

/** The owner takes back a pending request no admin has approved yet (DECISIONS §7): it answers the request, cancelled. */
export function cancelWithdrawal(id: string): Promise<TWithdrawalView> {
  return apiRequest<TWithdrawalView>('POST', `/api/withdrawal-requests/${encodeURIComponent(id)}/cancel`);
}

/** The ambassador's withdrawals and balances, and the admins' queue. */
export function useCancelWithdrawal() {
  return useMutation({ mutationFn: cancelWithdrawal });
}
