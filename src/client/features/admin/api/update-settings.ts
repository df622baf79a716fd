import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSettings, TSettingsInput } from '../../../../shared/schemas/settings.ts';
import { settingsKey } from '../../../api/settings.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function updateSettings(input: TSettingsInput): Promise<TSettings> {
  return apiRequest<TSettings>('PATCH', '/api/super-admin/settings', input);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: settingsKey }), queryClient.invalidateQueries({ queryKey: adminKeys.actions })]);
    },
  });
}
