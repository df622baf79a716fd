import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { TAmbassadorAdminUpdate } from '../../../../shared/schemas/ambassadors.ts';
import { adminKeys } from './keys.ts';

export function updateAmbassadorAsAdmin(id: string, input: TAmbassadorAdminUpdate): Promise<unknown> {
  return apiRequest<unknown>('PATCH', `/api/admin/ambassadors/${encodeURIComponent(id)}`, input);
}

export function useUpdateAmbassadorAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TAmbassadorAdminUpdate }) => updateAmbassadorAsAdmin(id, input),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.ambassadors }), queryClient.invalidateQueries({ queryKey: adminKeys.actions })]);
    },
  });
}
