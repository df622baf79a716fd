/** The programme's settings (GET /api/settings): read by the report form and the Super Admin tab. */
import { useQuery } from '@tanstack/react-query';
import type { TSettings } from '../../shared/schemas/settings.ts';
import { apiRequest } from '../lib/api.ts';

export const settingsKey = ['/api/settings'] as const;

export function getSettings(): Promise<TSettings> {
  return apiRequest<TSettings>('GET', '/api/settings');
}

export function useSettings(enabled = true) {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings, enabled });
}
