import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TWithdrawalView, ZWithdrawalDecisionInput } from '../../../../shared/schemas/withdrawals.ts';
import type { ReasonCode } from '../../../../shared/reasons.ts';
import { apiRequest } from '../../../lib/api.ts';

export type WithdrawalDecision = 'approve' | 'reject';
/** The notes, and a reject's reason (DECISIONS §6). */
type DecisionInput = NonNullable<z.input<typeof ZWithdrawalDecisionInput>> & { reasonCode?: ReasonCode | undefined };

/** The withdrawal as decided: an approval of a large one that still waits for a second admin leaves it pending, with `approvals: 1`. */
export function decideWithdrawal(id: string, decision: WithdrawalDecision, input: DecisionInput): Promise<TWithdrawalView> {
  return apiRequest<TWithdrawalView>('POST', `/api/admin/withdrawals/${encodeURIComponent(id)}/${decision}`, input);
}

export function useDecideWithdrawal() {
  return useMutation({
    mutationFn: ({ id, decision, input }: { id: string; decision: WithdrawalDecision; input: DecisionInput }) => decideWithdrawal(id, decision, input),
  });
}
