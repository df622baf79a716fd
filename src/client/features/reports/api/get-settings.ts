import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { Settings } from '../../../api/types.ts';

export const settingsKey = ['/api/settings'] as const;

export function getSettings(): Promise<Settings> {
  return apiRequest<Settings>('GET', '/api/settings');
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings });
}
