import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSetupLinkStatus } from '../../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../../lib/api.ts';

export type SetupLinkStatus = z.infer<typeof ZSetupLinkStatus>;

/**
 * Whether a password link can still be used (valid, expired, or invalid: used, replaced or unknown),
 * without using it, and how long it has left: a setup link lasts 48 hours, a forgotten password's 1.
 */
export function getSetupLinkStatus(token: string): Promise<SetupLinkStatus> {
  return apiRequest<SetupLinkStatus>('GET', `/api/setup-password/${encodeURIComponent(token)}/status`);
}

/** Asked once when the page opens: a link used on this page stays on its success screen. */
export function useSetupLinkStatus(token: string) {
  return useQuery({ queryKey: ['/api/setup-password', token, 'status'], queryFn: () => getSetupLinkStatus(token), enabled: token !== '' });
}
