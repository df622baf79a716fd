import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { AdminAction } from '../../../api/types.ts';
import { adminKeys } from './keys.ts';

/** The latest 50 admin actions. */
export function getActions(): Promise<AdminAction[]> {
  return apiRequest<AdminAction[]>('GET', '/api/super-admin/actions');
}

export function useAdminActions(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.actions, queryFn: getActions, enabled });
}
