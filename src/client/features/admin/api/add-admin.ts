import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { TNewAdminInput } from '../../../../shared/schemas/admins.ts';

export function addAdmin(input: TNewAdminInput): Promise<unknown> {
  return apiRequest<unknown>('POST', '/api/super-admin/admins', input);
}

export function useAddAdmin() {
  return useMutation({ mutationFn: addAdmin });
}
