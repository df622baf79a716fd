import { Check, Loader2, X } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime, formatUsdt } from '../../../../shared/format.ts';
import { shortenAddress } from '../../../../shared/wallet.ts';
import type { Withdrawal } from '../../../api/types.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { notify } from '../../../lib/toast.ts';
import { useDecideWithdrawal, type WithdrawalDecision } from '../api/decide-withdrawal.ts';
import type { StatusFilter } from '../api/get-reports.ts';
import { useAdminWithdrawals } from '../api/get-withdrawals.ts';
import { ADMIN_PAGE_SIZE } from '../api/keys.ts';
import { adminError } from './admin-error.ts';
import { DetailList } from './detail-list.tsx';
import { ListCard } from './list-card.tsx';
import { StatusFilterSelect } from './status-filter.tsx';

/** One panel (DECISIONS §3: the spec's duplicate panel is the same list). */
export function WithdrawalsTab() {
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [selected, setSelected] = useState<Withdrawal | null>(null);
  const query = useAdminWithdrawals(offset, status);
  const items = query.data?.items ?? [];
  return (
    <>
      <ListCard
        title="Withdrawal Requests"
        actions={
          <StatusFilterSelect
            label="Status"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setOffset(0);
            }}
          />
        }
        isLoading={query.isLoading}
        isError={query.isError}
        isEmpty={items.length === 0}
        emptyText="No withdrawal requests found"
        footer={<Pagination label="Withdrawals" offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data?.total ?? 0} onOffsetChange={setOffset} />}
      >
        <Table aria-label="Withdrawal Requests">
          <THead>
            <tr>
              <TH>Date</TH>
              <TH>Ambassador</TH>
              <TH className="text-right">Amount</TH>
              <TH>Type</TH>
              <TH>Wallet</TH>
              <TH>Status</TH>
              <TH>
                <span className="sr-only">Review</span>
              </TH>
            </tr>
          </THead>
          <TBody>
            {items.map((w) => (
              <TR key={w.id}>
                <TD className="text-muted">{formatDateTime(w.createdAt)}</TD>
                <TD>
                  <p className="font-semibold">{w.ambassador?.fullName ?? '-'}</p>
                  <p className="text-xs text-muted">{w.ambassador?.email}</p>
                </TD>
                <TD className="text-right font-mono font-bold">{formatUsdt(w.amount)}</TD>
                <TD>
                  <Badge variant="secondary">USDT</Badge>
                </TD>
                <TD className="font-mono text-xs" title={w.walletAddress}>
                  {shortenAddress(w.walletAddress)}
                </TD>
                <TD>
                  <StatusBadge status={w.status} />
                </TD>
                <TD>
                  {w.status === 'pending' ? (
                    <Button size="sm" onClick={() => setSelected(w)} aria-label={`Review withdrawal of ${w.ambassador?.fullName ?? 'ambassador'}`}>
                      Review
                    </Button>
                  ) : null}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </ListCard>
      {selected ? <WithdrawalDialog withdrawal={selected} onClose={() => setSelected(null)} /> : null}
    </>
  );
}

function WithdrawalDialog({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose: () => void }) {
  const decide = useDecideWithdrawal();
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState<WithdrawalDecision | null>(null);
  const act = (decision: WithdrawalDecision) => {
    setPending(decision);
    decide.mutate(
      { id: withdrawal.id, decision, adminNotes: notes.trim() ? notes.trim() : null },
      {
        onSuccess: () => {
          if (decision === 'approve') notify.success('Withdrawal Approved', `${formatUsdt(withdrawal.amount)} to ${shortenAddress(withdrawal.walletAddress)}.`);
          else notify.success('Withdrawal Rejected', 'The amount is available to the ambassador again.');
          onClose();
        },
        onError: adminError(decision === 'approve' ? 'Failed to approve withdrawal' : 'Failed to reject withdrawal'),
        onSettled: () => setPending(null),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Review Withdrawal"
        description={`${formatUsdt(withdrawal.amount)} USDT (BEP20) for ${withdrawal.ambassador?.fullName ?? 'ambassador'}`}
      >
        <div className="flex flex-col gap-4">
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
          <Field label="Admin Notes (optional)">
            <Textarea rows={3} className="min-h-20" value={notes} onChange={(e) => setNotes(e.target.value)} placeholder="e.g. transaction hash" />
          </Field>
          <DialogFooter className="mt-0">
            <Button variant="destructive" onClick={() => act('reject')} disabled={decide.isPending}>
              {pending === 'reject' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <X aria-hidden="true" />} Reject
            </Button>
            <Button variant="success" onClick={() => act('approve')} disabled={decide.isPending}>
              {pending === 'approve' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />} Approve
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
