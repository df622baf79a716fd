import { useMutation } from '@tanstack/react-query';
import type { TMarkPaidInput, TWithdrawalView } from '../../../../shared/schemas/withdrawals.ts';
import type { WalletProof } from '../../../../shared/schemas/wallet-proof.ts';
import { apiRequest } from '../../../lib/api.ts';

export interface MarkPaidResult {
  verifiedOnChain: boolean;
  txHash: string;
  txUrl: string;
  withdrawals: TWithdrawalView[];
}

/** DECISIONS §5, Money out: approved, unpaid withdrawals paid by one on-chain transaction. */
export function useMarkPaid() {
  return useMutation({
    mutationFn: (input: TMarkPaidInput) => apiRequest<MarkPaidResult>('POST', '/api/admin/withdrawals/paid', input),
  });
}

/** Where the browser downloads an export of approved, unpaid withdrawals (the selected ones, of this wallet proof when given). */
export function exportUrl(format: 'safe' | 'plain', ids: readonly string[], walletProof: WalletProof | null = null): string {
  const params = new URLSearchParams({ format });
  if (ids.length) params.set('ids', ids.join(','));
  if (walletProof) params.set('walletProof', walletProof);
  return `/api/admin/withdrawals/export.csv?${params.toString()}`;
}
