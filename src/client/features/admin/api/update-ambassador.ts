import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { ReasonCode } from '../../../../shared/reasons.ts';
import type { TAmbassadorAdminUpdate as TBaseUpdate } from '../../../../shared/schemas/ambassadors.ts';

/** The edit, with a suspension's reason and facts (DECISIONS §6). */
export type TAmbassadorAdminUpdate = TBaseUpdate & { reasonCode?: ReasonCode | undefined; facts?: string | null };

export function updateAmbassadorAsAdmin(id: string, input: TAmbassadorAdminUpdate): Promise<unknown> {
  return apiRequest<unknown>('PATCH', `/api/admin/ambassadors/${encodeURIComponent(id)}`, input);
}

export function useUpdateAmbassadorAsAdmin() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TAmbassadorAdminUpdate }) => updateAmbassadorAsAdmin(id, input),
  });
}
