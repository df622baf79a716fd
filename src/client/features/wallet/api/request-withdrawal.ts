import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { ambassadorKey, myAmbassadorKey } from '../../../api/ambassador.ts';
import type { Withdrawal } from '../../../api/types.ts';
import { transactionsKey } from './get-transactions.ts';
import { withdrawalsKey } from './get-withdrawals.ts';

/** Spec §5: the wallet page sends the amount as a number. */
export interface WithdrawalRequestInput {
  amount: number;
  walletAddress: string;
}

/**
 * `idempotencyKey` makes a retry of the same request safe: if the first try
 * reached the server but its answer was lost, the retry gets that answer back
 * instead of a second withdrawal.
 */
export function requestWithdrawal({ idempotencyKey, ...input }: WithdrawalRequestInput & { idempotencyKey?: string }): Promise<Withdrawal> {
  return apiRequest<Withdrawal>('POST', '/api/withdrawal-requests', input, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined);
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
        queryClient.invalidateQueries({ queryKey: myAmbassadorKey }),
      ]);
    },
  });
}
