import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSetupPasswordInput } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api.ts';

type SetupPasswordInput = z.input<typeof ZSetupPasswordInput>;

export function setupPassword(token: string, input: SetupPasswordInput): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/setup-password/${encodeURIComponent(token)}`, input);
}

export function useSetupPassword(token: string) {
  return useMutation({ mutationFn: (input: SetupPasswordInput) => setupPassword(token, input) });
}
