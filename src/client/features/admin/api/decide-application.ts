import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export type ApplicationDecision = 'approve' | 'reject';

export function decideApplication(id: string, decision: ApplicationDecision): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/applications/${encodeURIComponent(id)}/${decision}`);
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ApplicationDecision }) => decideApplication(id, decision),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.applications }),
        queryClient.invalidateQueries({ queryKey: adminKeys.ambassadors }),
        queryClient.invalidateQueries({ queryKey: adminKeys.summary }),
        queryClient.invalidateQueries({ queryKey: adminKeys.actions }),
      ]);
    },
  });
}
