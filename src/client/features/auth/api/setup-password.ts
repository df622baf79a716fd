import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export function setupPassword(token: string, password: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/setup-password/${encodeURIComponent(token)}`, { password });
}

export function useSetupPassword(token: string) {
  return useMutation({ mutationFn: (password: string) => setupPassword(token, password) });
}
