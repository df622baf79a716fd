import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export type WithdrawalDecision = 'approve' | 'reject';

export function decideWithdrawal(id: string, decision: WithdrawalDecision, adminNotes: string | null): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/withdrawals/${encodeURIComponent(id)}/${decision}`, { adminNotes });
}

export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, adminNotes }: { id: string; decision: WithdrawalDecision; adminNotes: string | null }) =>
      decideWithdrawal(id, decision, adminNotes),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.withdrawals }),
        queryClient.invalidateQueries({ queryKey: adminKeys.ambassadors }),
        queryClient.invalidateQueries({ queryKey: adminKeys.summary }),
        queryClient.invalidateQueries({ queryKey: adminKeys.actions }),
      ]);
    },
  });
}
