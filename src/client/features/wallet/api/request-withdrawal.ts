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

export function requestWithdrawal(input: WithdrawalRequestInput): Promise<Withdrawal> {
  return apiRequest<Withdrawal>('POST', '/api/withdrawal-requests', input);
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
