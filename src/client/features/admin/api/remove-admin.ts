import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export function removeAdmin(id: string): Promise<unknown> {
  return apiRequest<unknown>('DELETE', `/api/super-admin/admins/${encodeURIComponent(id)}`);
}

export function useRemoveAdmin() {
  return useMutation({ mutationFn: removeAdmin });
}
