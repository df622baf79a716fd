import { useQuery } from '@tanstack/react-query';
import type { TSecurityNotice } from '../../../../shared/schemas/admins.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function getSecurityNotices(): Promise<TSecurityNotice[]> {
  return apiRequest<TSecurityNotice[]>('GET', '/api/admin/security-notices');
}

/** Changes to the admin team of the last 7 days (issue 24): shown as a banner on the desk. */
export function useSecurityNotices() {
  return useQuery({ queryKey: adminKeys.securityNotices, queryFn: getSecurityNotices });
}
