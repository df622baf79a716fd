import { useQuery } from '@tanstack/react-query';
import type { TWalletSharers } from '../../../../shared/schemas/views.ts';
import { apiRequest } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

/** The other owners of a flagged withdrawal's wallet, read when its review dialog opens. */
export function useWalletSharers(withdrawalId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.withdrawals, withdrawalId, 'shared-wallet'],
    queryFn: () => apiRequest<TWalletSharers>('GET', `/api/admin/withdrawals/${encodeURIComponent(withdrawalId)}/shared-wallet`),
    enabled,
  });
}
