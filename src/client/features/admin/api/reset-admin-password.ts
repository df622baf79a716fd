import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZAdminPasswordInput } from '../../../../shared/schemas/admins.ts';
import { apiRequest } from '../../../lib/api.ts';

type AdminPasswordInput = z.input<typeof ZAdminPasswordInput>;

export function resetAdminPassword(id: string, input: AdminPasswordInput): Promise<unknown> {
  return apiRequest<unknown>('PATCH', `/api/super-admin/admins/${encodeURIComponent(id)}/password`, input);
}

export function useResetAdminPassword() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminPasswordInput }) => resetAdminPassword(id, input),
  });
}
