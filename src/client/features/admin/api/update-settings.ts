import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { Settings } from '../../../api/types.ts';
import { adminKeys } from './keys.ts';

export function updateSettings(input: Settings): Promise<Settings> {
  return apiRequest<Settings>('PATCH', '/api/super-admin/settings', input);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.settings }), queryClient.invalidateQueries({ queryKey: adminKeys.actions })]);
    },
  });
}
