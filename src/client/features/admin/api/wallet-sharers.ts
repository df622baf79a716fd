import { useQuery } from '@tanstack/react-query';
import { resources } from '../../../api/resources.ts';

/** The other owners of a flagged withdrawal's wallet, read when its review dialog opens. */
export function useWalletSharers(withdrawalId: string, enabled: boolean) {
  return useQuery({ ...resources.walletSharers(withdrawalId), enabled });
}
