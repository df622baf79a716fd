import { useMutation } from '@tanstack/react-query';
import type { TWithdrawalInput, TWithdrawalView } from '../../../../shared/schemas/withdrawals.ts';
import { apiRequest } from '../../../lib/api.ts';

/**
 * `idempotencyKey` makes a retry of the same request safe: if the first try
 * reached the server but its answer was lost, the retry gets that answer back
 * instead of a second withdrawal.
 */
export function requestWithdrawal({ idempotencyKey, ...input }: TWithdrawalInput & { idempotencyKey?: string }): Promise<TWithdrawalView> {
  return apiRequest<TWithdrawalView>('POST', '/api/withdrawal-requests', input, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined);
}

/** The ambassador's withdrawals, ledger and balances, and the admins' queue. */
export function useRequestWithdrawal() {
  return useMutation({ mutationFn: requestWithdrawal });
}
