/**
 * The signed-in ambassador's own record, under one query key: the dashboard, report, profile and
 * wallet pages all read GET /api/ambassador (the server answers GET /api/ambassadors/me with the
 * same record), so one PATCH refreshes every page at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAmbassadorSelfUpdate } from '../../shared/schemas/ambassadors.ts';
import type { TOwnAmbassador } from '../../shared/schemas/views.ts';
import { ApiError, apiRequest } from '../lib/api.ts';

export const ambassadorKey = ['/api/ambassador'] as const;

/** null when the user has no ambassador record (404). */
async function getAmbassador(): Promise<TOwnAmbassador | null> {
  try {
    return await apiRequest<TOwnAmbassador>('GET', '/api/ambassador');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useAmbassador(enabled = true) {
  return useQuery({ queryKey: ambassadorKey, queryFn: getAmbassador, enabled });
}

export function updateAmbassador(input: TAmbassadorSelfUpdate): Promise<TOwnAmbassador> {
  return apiRequest<TOwnAmbassador>('PATCH', '/api/ambassador', input);
}

/** PATCH /api/ambassador, then the record is read again (spec §7). */
export function useUpdateAmbassador() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAmbassador,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ambassadorKey }),
  });
}
