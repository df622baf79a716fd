import { useQuery } from '@tanstack/react-query';
import type { TAdminActionView } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

/** The latest 50 admin actions. */
export function getActions(): Promise<TAdminActionView[]> {
  return apiRequest<TAdminActionView[]>('GET', '/api/super-admin/actions');
}

export function useAdminActions(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.actions, queryFn: getActions, enabled });
}
