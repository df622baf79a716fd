import { useMutation } from '@tanstack/react-query';
import type { TSettings, TSettingsInput } from '../../../../shared/schemas/settings.ts';
import { apiRequest } from '../../../lib/api.ts';

export function updateSettings(input: TSettingsInput): Promise<TSettings> {
  return apiRequest<TSettings>('PATCH', '/api/super-admin/settings', input);
}

export function useUpdateSettings() {
  return useMutation({ mutationFn: updateSettings });
}
