import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { dateIn } from '../../shared/localized-format.ts';
import type { TWithdrawalView } from '../../shared/schemas/withdrawals.ts';
import { StatusBadge } from './status-badge.tsx';
import { Badge } from './ui/badge.tsx';

type Shown = Pick<TWithdrawalView, 'status' | 'stage' | 'txUrl' | 'paidAt'>;

/**
 * A withdrawal's status with its proof (DECISIONS §5, Money out): 'Paid' with the date and a link
 * to the transaction on the block explorer once a hash is recorded; 'Approved' and awaiting
 * payment before that; the spec's badge otherwise.
 */
export function WithdrawalStatus({ withdrawal, secondApproval }: { withdrawal: Shown; secondApproval?: string | undefined }) {
  const { t, i18n } = useLingui();
  if (withdrawal.stage === 'paid') {
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <Badge variant="success">
          <Trans>Paid</Trans>
        </Badge>
        {withdrawal.txUrl ? (
          <a
            href={withdrawal.txUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-xs text-gold underline underline-offset-2 hover:text-gold-strong"
          >
            {withdrawal.paidAt ? dateIn(withdrawal.paidAt, i18n.locale) : t`Transaction`}
            <span className="sr-only">
              <Trans>: view the transaction on the block explorer (opens in a new tab)</Trans>
            </span>
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        ) : null}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <StatusBadge status={withdrawal.status} />
      {withdrawal.stage === 'awaiting_payment' ? (
        <span className="text-xs text-muted">
          <Trans>Awaiting payment</Trans>
        </span>
      ) : null}
      {secondApproval ? <span className="text-xs text-gold">{secondApproval}</span> : null}
    </span>
  );
}
