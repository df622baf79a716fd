import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DECISION_STATUSES } from '../../../../shared/enums.ts';
import { formatDateTime, formatUsdt } from '../../../../shared/format.ts';
import { ZWithdrawalDecisionBody } from '../../../../shared/schemas/withdrawals.ts';
import type { TAdminWithdrawalView } from '../../../../shared/schemas/views.ts';
import { shortenAddress } from '../../../../shared/wallet.ts';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { useDecideWithdrawal, type WithdrawalDecision } from '../api/decide-withdrawal.ts';
import { adminKeys } from '../api/keys.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { adminOutcome } from './admin-error.ts';
import { AdminList, ambassadorColumn, type RowDialogProps } from './admin-list.tsx';
import { DetailList } from './detail-list.tsx';

function columns(open: (row: TAdminWithdrawalView) => void): Array<Column<TAdminWithdrawalView>> {
  return [
    { header: 'Date', cell: (w) => <span className="text-muted">{formatDateTime(w.createdAt)}</span> },
    ambassadorColumn(),
    { header: 'Amount', cell: (w) => formatUsdt(w.amount), align: 'right', className: 'font-mono font-bold', card: 'aside' },
    { header: 'Type', cell: () => <Badge variant="secondary">USDT</Badge>, card: 'none' },
    {
      header: 'Wallet',
      cell: (w) => (
        <span className="font-mono text-xs" title={w.walletAddress}>
          {shortenAddress(w.walletAddress)}
        </span>
      ),
    },
    { header: 'Status', cell: (w) => <StatusBadge status={w.status} />, card: 'aside' },
    // Spec §2: only a pending request offers review.
    actionsColumn('Review', (w) =>
      w.status === 'pending' ? (
        <Button size="sm" onClick={() => open(w)} aria-label={`Review withdrawal of ${w.ambassador.fullName}`}>
          Review
        </Button>
      ) : null,
    ),
  ];
}

/** One panel (DECISIONS §3: the spec's duplicate panel is the same list). */
export function WithdrawalsTab() {
  const list = useAdminList<TAdminWithdrawalView>(adminKeys.withdrawals, '/api/admin/withdrawal-requests', { filter: DECISION_STATUSES });
  return <AdminList title="Withdrawal Requests" list={list} columns={columns} Dialog={WithdrawalDialog} emptyText="No withdrawal requests found" />;
}

function WithdrawalDialog({ row: withdrawal, onClose }: RowDialogProps<TAdminWithdrawalView>) {
  const decide = useDecideWithdrawal();
  const form = useForm({ resolver: zodResolver(ZWithdrawalDecisionBody), defaultValues: { adminNotes: '' } });
  // Both buttons submit the form; the one pressed says which decision it is.
  const decision = useRef<WithdrawalDecision>('approve');
  const [pending, setPending] = useState<WithdrawalDecision | null>(null);
  const act = (input: z.output<typeof ZWithdrawalDecisionBody>) => {
    const chosen = decision.current;
    setPending(chosen);
    const outcome =
      chosen === 'approve'
        ? adminOutcome(
            { title: 'Withdrawal Approved', text: `${formatUsdt(withdrawal.amount)} to ${shortenAddress(withdrawal.walletAddress)}.` },
            'Failed to approve withdrawal',
            onClose,
          )
        : adminOutcome({ title: 'Withdrawal Rejected', text: 'The amount is available to the ambassador again.' }, 'Failed to reject withdrawal', onClose);
    decide.mutate({ id: withdrawal.id, decision: chosen, input }, { ...outcome, onSettled: () => setPending(null) });
  };
  return (
    <ModalDialog
      onClose={onClose}
      title="Review Withdrawal"
      description={`${formatUsdt(withdrawal.amount)} USDT (BEP20) for ${withdrawal.ambassador.fullName}`}
    >
      <Form form={form} onSubmit={act} className="flex flex-col gap-4" aria-label="Review withdrawal">
        <DetailList
          items={[
            ['Amount', formatUsdt(withdrawal.amount)],
            ['Requested', formatDateTime(withdrawal.createdAt)],
            [
              'Wallet Address',
              <span key="w" className="break-all font-mono text-xs">
                {withdrawal.walletAddress}
              </span>,
            ],
          ]}
        />
        <FormField name="adminNotes" label="Admin Notes (optional)">
          <Textarea rows={3} className="min-h-20" placeholder="e.g. transaction hash" />
        </FormField>
        <DialogFooter className="mt-0">
          <Button
            type="submit"
            variant="destructive"
            onClick={() => (decision.current = 'reject')}
            loading={pending === 'reject'}
            disabled={pending === 'approve'}
          >
            <X aria-hidden="true" /> Reject
          </Button>
          <Button
            type="submit"
            variant="success"
            onClick={() => (decision.current = 'approve')}
            loading={pending === 'approve'}
            disabled={pending === 'reject'}
          >
            <Check aria-hidden="true" /> Approve
          </Button>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}
