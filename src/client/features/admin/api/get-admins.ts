import { useQuery } from '@tanstack/react-query';
import type { TAdminAccount } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function getAdmins(): Promise<TAdminAccount[]> {
  return apiRequest<TAdminAccount[]>('GET', '/api/super-admin/admins');
}

/** Requested only for super admins (spec §6). */
export function useAdmins(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.admins, queryFn: getAdmins, enabled });
}
