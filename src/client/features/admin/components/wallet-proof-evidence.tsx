import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { dateIn, dateTimeIn } from '../../../../shared/localized-format.ts';
import type { TAdminWithdrawalView } from '../../../../shared/schemas/withdrawals.ts';
import { WalletProofLabel } from '../../../components/wallet-proof-label.tsx';
import { ModalDialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/utils.ts';
import { DetailList } from './detail-list.tsx';

type Proven = Pick<TAdminWithdrawalView, 'walletAddress' | 'walletProof' | 'walletVerifiedAt' | 'walletProofMessage' | 'walletProofSignature'>;

/**
 * A withdrawal's address as it stood (issue 30): 'Verified' with the date, 'Exchange (unverified)' or
 * 'Unverified'. A verified one is a button that shows the signed message, the evidence.
 */
export function WalletProofCell({ withdrawal, ambassadorName }: { withdrawal: Proven; ambassadorName: string }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const label = <WalletProofLabel proof={withdrawal.walletProof} verifiedAt={withdrawal.walletVerifiedAt} length="short" />;
  if (withdrawal.walletProof !== 'verified' || !withdrawal.walletProofMessage) return label;
  return (
    <>
      <button
        type="button"
        className="cursor-pointer rounded-full text-left outline-offset-2 hover:brightness-125"
        onClick={(event) => {
          // A row may open its own dialog on a click: this button opens the proof's alone.
          event.stopPropagation();
          setOpen(true);
        }}
        // Its words first, then what it does (WCAG 2.5.3).
        aria-label={
          withdrawal.walletVerifiedAt
            ? t`Verified on ${dateIn(withdrawal.walletVerifiedAt, i18n.locale)}: show the message ${ambassadorName} signed`
            : t`Verified: show the message ${ambassadorName} signed`
        }
      >
        {label}
      </button>
      {open ? (
        <ModalDialog onClose={() => setOpen(false)} title={t`Wallet proof`} description={t`The message ${ambassadorName}’s wallet signed (EIP-4361)`}>
          <WalletProofEvidence withdrawal={withdrawal} />
        </ModalDialog>
      ) : null}
    </>
  );
}

/** The evidence of a verified address: when, the signed message as signed, and the signature. */
export function WalletProofEvidence({ withdrawal, className }: { withdrawal: Proven; className?: string }) {
  const { t, i18n } = useLingui();
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <DetailList
        items={[
          [
            t`Address`,
            <span key="a" className="break-all font-mono text-xs">
              {withdrawal.walletAddress}
            </span>,
          ],
          [t`Verified`, withdrawal.walletVerifiedAt ? dateTimeIn(withdrawal.walletVerifiedAt, i18n.locale) : '-'],
        ]}
      />
      <figure className="flex flex-col gap-1">
        <figcaption className="text-xs text-muted">
          <Trans>Signed message</Trans>
        </figcaption>
        {/* Focusable, so a keyboard can scroll a long message. */}
        <pre
          tabIndex={0}
          className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-border bg-background/60 p-3 font-mono text-xs"
          aria-label={t`Signed message`}
        >
          {withdrawal.walletProofMessage}
        </pre>
      </figure>
      {withdrawal.walletProofSignature ? (
        <figure className="flex flex-col gap-1">
          <figcaption className="text-xs text-muted">
            <Trans>Signature</Trans>
          </figcaption>
          <p className="break-all font-mono text-xs">{withdrawal.walletProofSignature}</p>
        </figure>
      ) : null}
    </div>
  );
}
