import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSetupLinkStatus } from '../../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../../lib/api.ts';

export type SetupLinkStatus = z.infer<typeof ZSetupLinkStatus>['status'];

/** Whether a password link can still be used (valid, expired, or invalid: used, replaced or unknown), without using it. */
export function getSetupLinkStatus(token: string): Promise<{ status: SetupLinkStatus }> {
  return apiRequest<{ status: SetupLinkStatus }>('GET', `/api/setup-password/${encodeURIComponent(token)}/status`);
}

/** Asked once when the page opens: a link used on this page stays on its success screen. */
export function useSetupLinkStatus(token: string) {
  return useQuery({ queryKey: ['/api/setup-password', token, 'status'], queryFn: () => getSetupLinkStatus(token), enabled: token !== '' });
}
