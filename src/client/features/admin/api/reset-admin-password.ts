import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function resetAdminPassword(id: string, newPassword: string): Promise<unknown> {
  return apiRequest<unknown>('PATCH', `/api/super-admin/admins/${encodeURIComponent(id)}/password`, { newPassword });
}

export function useResetAdminPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, newPassword }: { id: string; newPassword: string }) => resetAdminPassword(id, newPassword),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.actions }),
  });
}
