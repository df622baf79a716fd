import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZAdminPasswordInput } from '../../../../shared/schemas/admins.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

type AdminPasswordInput = z.input<typeof ZAdminPasswordInput>;

export function resetAdminPassword(id: string, input: AdminPasswordInput): Promise<unknown> {
  return apiRequest<unknown>('PATCH', `/api/super-admin/admins/${encodeURIComponent(id)}/password`, input);
}

export function useResetAdminPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminPasswordInput }) => resetAdminPassword(id, input),
    onSuccess: () => Promise.all([adminKeys.actions, adminKeys.securityNotices].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
