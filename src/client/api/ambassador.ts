/**
 * The signed-in ambassador's own record. Read by the report, profile and wallet
 * pages (GET /api/ambassador) and the dashboard (GET /api/ambassadors/me), so it
 * lives outside any one feature.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../lib/api.ts';
import type { TAmbassadorSelfUpdate } from '../../shared/schemas/ambassadors.ts';
import type { Ambassador } from './types.ts';

export const ambassadorKey = ['/api/ambassador'] as const;
export const myAmbassadorKey = ['/api/ambassadors/me'] as const;

/** null when the user has no ambassador record (404). */
async function getOrNull(url: string): Promise<Ambassador | null> {
  try {
    return await apiRequest<Ambassador>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useAmbassador(enabled = true) {
  return useQuery({ queryKey: ambassadorKey, queryFn: () => getOrNull('/api/ambassador'), enabled });
}

export function useMyAmbassador(enabled = true) {
  return useQuery({ queryKey: myAmbassadorKey, queryFn: () => getOrNull('/api/ambassadors/me'), enabled });
}

export function updateAmbassador(input: TAmbassadorSelfUpdate): Promise<Ambassador> {
  return apiRequest<Ambassador>('PATCH', '/api/ambassador', input);
}

/** PATCH /api/ambassador; refreshes every view of the ambassador. */
export function useUpdateAmbassador() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAmbassador,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ambassadorKey }), queryClient.invalidateQueries({ queryKey: myAmbassadorKey })]);
    },
  });
}
