import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWithdrawalInput } from '../../../../shared/schemas/withdrawals.ts';
import type { TWithdrawalView } from '../../../../shared/schemas/views.ts';
import { ambassadorKey } from '../../../api/ambassador.ts';
import { apiRequest } from '../../../lib/api.ts';
import { transactionsKey } from './get-transactions.ts';
import { withdrawalsKey } from './get-withdrawals.ts';

/**
 * `idempotencyKey` makes a retry of the same request safe: if the first try
 * reached the server but its answer was lost, the retry gets that answer back
 * instead of a second withdrawal.
 */
export function requestWithdrawal({ idempotencyKey, ...input }: TWithdrawalInput & { idempotencyKey?: string }): Promise<TWithdrawalView> {
  return apiRequest<TWithdrawalView>('POST', '/api/withdrawal-requests', input, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined);
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
        queryClient.invalidateQueries({ queryKey: transactionsKey }),
        queryClient.invalidateQueries({ queryKey: ambassadorKey }),
      ]);
    },
  });
}
