import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZChangePasswordInput } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api.ts';

export function changePassword(input: z.input<typeof ZChangePasswordInput>): Promise<unknown> {
  return apiRequest<unknown>('POST', '/api/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
