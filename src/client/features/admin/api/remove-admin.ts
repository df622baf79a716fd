import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function removeAdmin(id: string): Promise<unknown> {
  return apiRequest<unknown>('DELETE', `/api/super-admin/admins/${encodeURIComponent(id)}`);
}

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.admins }), queryClient.invalidateQueries({ queryKey: adminKeys.actions })]);
    },
  });
}
