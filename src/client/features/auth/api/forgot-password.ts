import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZForgotPasswordInput } from '../../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../../lib/api.ts';

type ForgotPasswordInput = z.input<typeof ZForgotPasswordInput>;

/** POST /api/forgot-password: the same answer whether or not the account exists (its message is shown as it is). */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', '/api/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
