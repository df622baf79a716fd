import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { TAmbassadorAdminUpdate } from '../../../../shared/schemas/ambassadors.ts';

export function updateAmbassadorAsAdmin(id: string, input: TAmbassadorAdminUpdate): Promise<unknown> {
  return apiRequest<unknown>('PATCH', `/api/admin/ambassadors/${encodeURIComponent(id)}`, input);
}

export function useUpdateAmbassadorAsAdmin() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TAmbassadorAdminUpdate }) => updateAmbassadorAsAdmin(id, input),
    meta: { changes: ['ambassadors', 'activity', 'leaderboard'] },
  });
}
