import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function resendPassword(ambassadorId: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/ambassadors/${encodeURIComponent(ambassadorId)}/resend-password`);
}

export function useResendPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendPassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.actions }) });
}
