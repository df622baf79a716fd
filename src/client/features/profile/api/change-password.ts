import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiRequest<unknown>('POST', '/api/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
