import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export type ApplicationDecision = 'approve' | 'reject';

export function decideApplication(id: string, decision: ApplicationDecision): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/applications/${encodeURIComponent(id)}/${decision}`);
}

/** An approval makes an ambassador (the desk's count, the public figures). */
export function useDecideApplication() {
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ApplicationDecision }) => decideApplication(id, decision),
    meta: { changes: ['applications', 'ambassadors', 'activity', 'stats'] },
  });
}
