import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export function resendPassword(ambassadorId: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/ambassadors/${encodeURIComponent(ambassadorId)}/resend-password`);
}

export function useResendPassword() {
  return useMutation({ mutationFn: resendPassword });
}
