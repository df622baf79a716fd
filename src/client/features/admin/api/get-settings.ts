import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { Settings } from '../../../api/types.ts';
import { adminKeys } from './keys.ts';

export function useAdminSettings(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.settings, queryFn: () => apiRequest<Settings>('GET', '/api/settings'), enabled });
}
