import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Landmark, ShieldCheck, ShieldQuestion } from 'lucide-react';
import type { ComponentProps } from 'react';
import { dateIn } from '../../shared/localized-format.ts';
import { WALLET_PROOF_LABELS, type WalletProof } from '../../shared/schemas/wallet-proof.ts';
import { i18n } from '../i18n/i18n.ts';
import { cn } from '../lib/utils.ts';
import { badgeVariants } from './ui/badge.tsx';

/** The labels of shared/schemas/wallet-proof.ts (WALLET_PROOF_LABELS, by their catalog ids) in the page's language; the wallet page says what an exchange address is in full. */
export const WALLET_PROOF_WORDS: Readonly<Record<WalletProof | 'exchangeLong', MessageDescriptor>> = {
  verified: { id: WALLET_PROOF_LABELS.verified },
  exchange: { id: WALLET_PROOF_LABELS.exchange },
  none: { id: WALLET_PROOF_LABELS.none },
  exchangeLong: msg`Exchange deposit address (unverified)`,
};

/** The label's words (a word, never a colour alone, says which it is). */
export function walletProofText(proof: WalletProof, length: 'long' | 'short' = 'long'): string {
  return i18n._(WALLET_PROOF_WORDS[proof === 'exchange' && length === 'long' ? 'exchangeLong' : proof]);
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
  const { i18n: active } = useLingui();
  const Icon = ICON[proof];
  const on = verifiedAt ? dateIn(verifiedAt, active.locale) : null;
  return (
    <span className={cn(badgeVariants({ variant: VARIANT[proof] }), className)} {...props}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {walletProofText(proof, length)}
      {proof === 'verified' && on ? (
        <span className="font-normal">
          {' '}
          <Trans>on {on}</Trans>
        </span>
      ) : null}
    </span>
  );
}
