import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { AdminAccount } from '../../../api/types.ts';
import { adminKeys } from './keys.ts';

export function getAdmins(): Promise<AdminAccount[]> {
  return apiRequest<AdminAccount[]>('GET', '/api/super-admin/admins');
}

/** Requested only for super admins (spec §6). */
export function useAdmins(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.admins, queryFn: getAdmins, enabled });
}
