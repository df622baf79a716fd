import { useMutation } from '@tanstack/react-query';
import type { TApplicationInput } from '../../../../shared/schemas/applications.ts';
import { apiRequest } from '../../../lib/api.ts';

export function submitApplication(input: TApplicationInput): Promise<unknown> {
  return apiRequest<unknown>('POST', '/api/applications', input);
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
