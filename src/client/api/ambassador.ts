/**
 * The signed-in ambassador's own record (resources.ambassador): the dashboard, report, profile and
 * wallet pages all read it, so one PATCH refreshes every page at once.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TAmbassadorSelfUpdate, TOwnAmbassador } from '../../shared/schemas/ambassadors.ts';
import { apiRequest } from '../lib/api.ts';
import { resources } from './resources.ts';

/** An account without an ambassador record is an error here: 404 (isAmbassadorMissing). */
export function useAmbassador(enabled = true) {
  return useQuery({ ...resources.ambassador(), enabled });
}

export function updateAmbassador(input: TAmbassadorSelfUpdate): Promise<TOwnAmbassador> {
  return apiRequest<TOwnAmbassador>('PATCH', '/api/ambassador', input);
}

/** PATCH /api/ambassador, then the record is read again (spec §7). */
export function useUpdateAmbassador() {
  return useMutation({ mutationFn: updateAmbassador, meta: { changes: ['me', 'ambassadors'] } });
}
