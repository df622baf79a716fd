import { Landmark, ShieldCheck, ShieldQuestion } from 'lucide-react';
import type { ComponentProps } from 'react';
import { formatDate } from '../../shared/format.ts';
import { WALLET_PROOF_LABELS, type WalletProof } from '../../shared/schemas/wallet-proof.ts';
import { cn } from '../lib/utils.ts';
import { badgeVariants } from './ui/badge.tsx';

/** The label's words (a word, never a colour alone, says which it is): the wallet page says what an exchange address is in full. */
export function walletProofText(proof: WalletProof, length: 'long' | 'short' = 'long'): string {
  return proof === 'exchange' && length === 'long' ? 'Exchange deposit address (unverified)' : WALLET_PROOF_LABELS[proof];
}

const VARIANT = { verified: 'success', exchange: 'warning', none: 'outline' } as const;
const ICON = { verified: ShieldCheck, exchange: Landmark, none: ShieldQuestion } as const;

interface Props extends Omit<ComponentProps<'span'>, 'children'> {
  proof: WalletProof;
  /** When it was verified: shown after 'Verified'. */
  verifiedAt?: string | null | undefined;
  length?: 'long' | 'short';
}

/**
 * A payout address's proof (issue 30): 'Verified' with the date, 'Exchange deposit address
 * (unverified)' or 'Unverified', as a badge with an icon and its words.
 */
export function WalletProofLabel({ proof, verifiedAt, length = 'long', className, ...props }: Props) {
  const Icon = ICON[proof];
  return (
    <span className={cn(badgeVariants({ variant: VARIANT[proof] }), className)} {...props}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {walletProofText(proof, length)}
      {proof === 'verified' && verifiedAt ? <span className="font-normal"> on {formatDate(verifiedAt)}</span> : null}
    </span>
  );
}
