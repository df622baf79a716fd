import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { TApplication } from '../../../../shared/schemas/applications.ts';

export function submitApplication(input: TApplication): Promise<unknown> {
  return apiRequest<unknown>('POST', '/api/applications', input);
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
