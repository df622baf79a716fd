import { useMutation } from '@tanstack/react-query';
import type { ReasonCode } from '../../../../shared/reasons.ts';
import { apiRequest } from '../../../lib/api.ts';

export type ApplicationDecision = 'approve' | 'reject';

/** A reject's reason and facts (DECISIONS §6); an approval has none. */
export interface ApplicationDecisionInput {
  reasonCode?: ReasonCode;
  facts?: string | null;
}

export function decideApplication(id: string, decision: ApplicationDecision, input?: ApplicationDecisionInput): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/applications/${encodeURIComponent(id)}/${decision}`, input);
}

/** An approval makes an ambassador (the desk's count, the public figures). */
export function useDecideApplication() {
  return useMutation({
    mutationFn: ({ id, decision, input }: { id: string; decision: ApplicationDecision; input?: ApplicationDecisionInput }) =>
      decideApplication(id, decision, input),
  });
}
