import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { TNewAdminInput } from '../../../../shared/schemas/admins.ts';
import { adminKeys } from './keys.ts';

export function addAdmin(input: TNewAdminInput): Promise<unknown> {
  return apiRequest<unknown>('POST', '/api/super-admin/admins', input);
}

export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdmin,
    onSuccess: async () => {
      await Promise.all(
        [adminKeys.admins, adminKeys.actions, adminKeys.securityNotices].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
