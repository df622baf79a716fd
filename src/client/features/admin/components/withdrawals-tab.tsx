import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, BadgeCheck, Check, Download, ListChecks, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatDate, formatDateTime, formatUsdt } from '../../../../shared/format.ts';
import { addMoney } from '../../../../shared/money.ts';
import { EXPORT_MAX_IDS, WITHDRAWAL_STAGE_LABELS, WITHDRAWAL_STAGES, ZMarkPaidInput, ZWithdrawalDecisionBody } from '../../../../shared/schemas/withdrawals.ts';
import type { TAdminWithdrawalView, TWithdrawalView } from '../../../../shared/schemas/withdrawals.ts';
import { WALLET_PROOF_LABELS, WALLET_PROOFS, type WalletProof } from '../../../../shared/schemas/wallet-proof.ts';
import { shortenAddress } from '../../../../shared/wallet.ts';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { WithdrawalStatus } from '../../../components/withdrawal-status.tsx';
import { WalletProofLabel } from '../../../components/wallet-proof-label.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { Form, FormField, showServerErrors } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { useDecideWithdrawal, type WithdrawalDecision } from '../api/decide-withdrawal.ts';
import { exportUrl, useMarkPaid } from '../api/mark-paid.ts';
import { resources } from '../../../api/resources.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { QueryError } from '../../../components/query-state.tsx';
import { useWalletSharers } from '../api/wallet-sharers.ts';
import { adminError, adminOutcome } from './admin-error.ts';
import { AdminList, ambassadorColumn, flagsColumn, type RowDialogProps } from './admin-list.tsx';
import { DetailList } from './detail-list.tsx';
import { ageColumn } from './service-age.tsx';
import { FactsField, REASON_REQUIRED, ReasonFields, ZReasonChoice, chosenReason } from './reason-fields.tsx';
import { WalletProofCell, WalletProofEvidence } from './wallet-proof-evidence.tsx';

/** A pending withdrawal above the two-person threshold: what its review still needs (DECISIONS §5). */
function secondApprovalText(w: TAdminWithdrawalView): string | undefined {
  if (!w.needsSecondApproval) return undefined;
  return w.approvals >= 1 ? `Needs a second approval (${w.approvals} of ${w.approvalsNeeded})` : 'Needs two approvals';
}

/** Approved and not yet paid: the rows a payout batch is made of. */
function payable(w: TAdminWithdrawalView): boolean {
  return w.stage === 'awaiting_payment';
}

/**
 * The ambassador's payout address changed after the request, while it can still be approved or
 * paid: the request pays the address it was made with, which the person may no longer want (or the
 * change was not theirs). Null once the request is decided and paid, or rejected.
 */
function addressChange(w: TAdminWithdrawalView): string | null {
  if (!w.addressChangedAt || !(w.stage === 'pending' || payable(w))) return null;
  return w.addressChangedAt;
}

/** The list's filter by wallet proof (DECISIONS §6, Wallet proof): the Safe export takes it too. */
const PROOF_FILTER = { param: 'walletProof', name: 'Wallet proof', values: WALLET_PROOFS, labels: WALLET_PROOF_LABELS } as const;

function proofFilter(filters: ReadonlyArray<{ param: string; value: string }> | undefined): WalletProof | null {
  const value = filters?.find((filter) => filter.param === PROOF_FILTER.param)?.value;
  return WALLET_PROOFS.find((proof) => proof === value) ?? null;
}

function allMatch(rows: ReadonlyMap<string, TAdminWithdrawalView>, proof: WalletProof): boolean {
  return [...rows.values()].every((w) => w.walletProof === proof);
}

/** '2 verified, 1 unverified': how the addresses of a batch stood. */
function proofCounts(rows: readonly TAdminWithdrawalView[]): string {
  return WALLET_PROOFS.map((proof) => [proof, rows.filter((w) => w.walletProof === proof).length] as const)
    .filter(([, count]) => count > 0)
    .map(([proof, count]) => `${count} ${WALLET_PROOF_LABELS[proof].toLowerCase()}`)
    .join(', ');
}

/** What an address without a signature means for the admin paying it. */
const UNPROVEN_TEXT = {
  exchange: 'The ambassador says this is an exchange deposit address: it cannot sign, so nobody has proven who controls it.',
  none: 'Nobody has proven control of this address with a signature.',
} as const;

interface Selection {
  rows: ReadonlyMap<string, TAdminWithdrawalView>;
  toggle: (row: TAdminWithdrawalView, on: boolean) => void;
}

function columns(open: (row: TAdminWithdrawalView) => void, selection: Selection): Array<Column<TAdminWithdrawalView>> {
  return [
    {
      header: 'Select for payment',
      hideHeader: true,
      card: 'actions',
      cell: (w) =>
        payable(w) ? (
          // On a phone's card the box says what it does; in the table its column does.
          <label className="inline-flex cursor-pointer items-center gap-2 font-semibold" onClick={(event) => event.stopPropagation()}>
            <Checkbox
              checked={selection.rows.has(w.id)}
              onCheckedChange={(checked) => selection.toggle(w, checked === true)}
              aria-label={`Select for payment: ${formatUsdt(w.amount)} to ${w.ambassador.fullName}`}
            />
            <span className="md:sr-only" aria-hidden="true">
              Select for payment
            </span>
          </label>
        ) : null,
    },
    { header: 'Date', cell: (w) => <span className="text-muted">{formatDateTime(w.createdAt)}</span> },
    ambassadorColumn(),
    { header: 'Amount', cell: (w) => formatUsdt(w.amount), align: 'right', className: 'font-mono font-bold', card: 'aside' },
    { header: 'Type', cell: () => <Badge variant="secondary">USDT</Badge>, card: 'none' },
    {
      header: 'Wallet',
      cell: (w) => {
        const changed = addressChange(w);
        return (
          <span className="inline-flex flex-col items-start gap-1">
            <span className="font-mono text-xs" title={w.walletAddress}>
              {shortenAddress(w.walletAddress)}
            </span>
            <WalletProofCell withdrawal={w} ambassadorName={w.ambassador.fullName} />
            {changed ? (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-gold">
                <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" /> Address changed since the request, {formatDate(changed)}
              </span>
            ) : null}
          </span>
        );
      },
    },
    flagsColumn(),
    ageColumn(),
    { header: 'Status', cell: (w) => <WithdrawalStatus withdrawal={w} secondApproval={secondApprovalText(w)} />, card: 'aside' },
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

/**
 * One panel (DECISIONS §3: the spec's duplicate panel is the same list), by stage (DECISIONS §5):
 * to approve, approved and awaiting payment, paid, rejected. Approved, unpaid rows can be selected,
 * exported for a Safe batch and marked paid with the batch's transaction hash.
 */
export function WithdrawalsTab() {
  const list = useAdminList(resources.adminWithdrawals, {
    filter: WITHDRAWAL_STAGES,
    filterLabels: WITHDRAWAL_STAGE_LABELS,
    search: true,
    flagged: true,
    exportName: 'withdrawals',
    moreFilters: [PROOF_FILTER],
  });
  const [selected, setSelected] = useState<ReadonlyMap<string, TAdminWithdrawalView>>(new Map());
  // The batch is what the list shows: filtered by proof, the rows selected under another filter leave it.
  const proof = proofFilter(list.filters);
  useEffect(() => {
    if (proof) setSelected((current) => (allMatch(current, proof) ? current : new Map([...current].filter(([, w]) => w.walletProof === proof))));
  }, [proof]);
  const [paying, setPaying] = useState(false);
  const selection: Selection = {
    rows: selected,
    toggle: (row, on) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on && next.size < EXPORT_MAX_IDS) next.set(row.id, row);
        else next.delete(row.id);
        return next;
      }),
  };
  const payableHere = list.items.filter(payable);
  const toolbar =
    payableHere.length || selected.size ? (
      <PayoutToolbar
        selected={[...selected.values()]}
        walletProof={proof}
        onSelectPage={() =>
          setSelected((current) => new Map([...current, ...payableHere.slice(0, EXPORT_MAX_IDS - current.size).map((w) => [w.id, w] as const)]))
        }
        onClear={() => setSelected(new Map())}
        onMarkPaid={() => setPaying(true)}
      />
    ) : null;
  return (
    <>
      <AdminList
        title="Withdrawal Requests"
        list={list}
        columns={(open) => columns(open, selection)}
        Dialog={WithdrawalDialog}
        emptyText="No withdrawal requests found"
        searchPlaceholder="Search by name, email or wallet"
        toolbar={toolbar}
      />
      {paying ? (
        <MarkPaidDialog
          withdrawals={[...selected.values()]}
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            setSelected(new Map());
          }}
        />
      ) : null}
    </>
  );
}

function PayoutToolbar({
  selected,
  walletProof,
  onSelectPage,
  onClear,
  onMarkPaid,
}: {
  selected: TAdminWithdrawalView[];
  walletProof: WalletProof | null;
  onSelectPage: () => void;
  onClear: () => void;
  onMarkPaid: () => void;
}) {
  const ids = selected.map((w) => w.id);
  const total = addMoney('0', ...selected.map((w) => w.amount));
  const none = selected.length === 0;
  // 'Clear selection' takes the batch's buttons away with it: the focus stays in the toolbar.
  const toolbar = useRef<HTMLElement>(null);
  useFocusAfterSwap(none, { container: toolbar, prefer: 'control' });
  return (
    <section
      ref={toolbar}
      aria-label="Payout batch"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-border bg-surface-2/60 p-3 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <p className="text-sm" aria-live="polite">
        {none ? (
          'Select approved withdrawals to export them for a Safe batch and mark them paid.'
        ) : (
          <>
            <span className="font-semibold">{selected.length} selected</span>, <span className="font-mono">{formatUsdt(total)}</span>
            <span className="text-muted">: {proofCounts(selected)}</span>
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <Button size="sm" variant="outline" onClick={onSelectPage}>
          <ListChecks aria-hidden="true" /> Select all on this page
        </Button>
        {none ? null : (
          <>
            <a className={buttonVariants({ size: 'sm', variant: 'outline' })} href={exportUrl('safe', ids, walletProof)} download>
              <Download aria-hidden="true" /> Safe CSV
            </a>
            <a className={buttonVariants({ size: 'sm', variant: 'outline' })} href={exportUrl('plain', ids, walletProof)} download>
              <Download aria-hidden="true" /> CSV
            </a>
            <Button size="sm" onClick={onMarkPaid}>
              <BadgeCheck aria-hidden="true" /> Mark paid
            </Button>
            <Button size="sm" variant="ghost" onClick={onClear}>
              Clear selection
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

const ZTxHashForm = ZMarkPaidInput.pick({ txHash: true });

function MarkPaidDialog({ withdrawals, onClose, onPaid }: { withdrawals: TAdminWithdrawalView[]; onClose: () => void; onPaid: () => void }) {
  const markPaid = useMarkPaid();
  const form = useForm({ resolver: zodResolver(ZTxHashForm), defaultValues: { txHash: '' } });
  const total = addMoney('0', ...withdrawals.map((w) => w.amount));
  const submit = ({ txHash }: z.output<typeof ZTxHashForm>) =>
    markPaid.mutate(
      { ids: withdrawals.map((w) => w.id), txHash },
      {
        onSuccess: (result) => {
          notify.success(
            'Marked as paid',
            result.verifiedOnChain
              ? `${withdrawals.length} withdrawal(s) verified on chain and marked paid.`
              : `${withdrawals.length} withdrawal(s) marked paid. The transaction was not verified on chain (no BSC_RPC_URL is set).`,
          );
          onPaid();
        },
        onError: (error) => {
          // The chain's or the batch's refusal names the withdrawal; it belongs under the hash.
          if (error instanceof ApiError && error.status < 500 && error.serverMessage) {
            showServerErrors(form, error);
            if (!error.fieldErrors.length) form.setError('txHash', { type: 'server', message: error.serverMessage });
          } else adminError('Failed to mark withdrawals paid')(error);
        },
      },
    );
  return (
    <ModalDialog onClose={onClose} title="Mark as paid" description={`${withdrawals.length} withdrawal(s), ${formatUsdt(total)} in one transaction`}>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label="Mark withdrawals paid">
        <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-2 text-sm" aria-label="Withdrawals in this batch">
          {withdrawals.map((w) => (
            <li key={w.id} className="flex justify-between gap-3">
              <span className="truncate">{w.ambassador.fullName}</span>
              <span className="font-mono text-xs text-muted" title={w.walletAddress}>
                {shortenAddress(w.walletAddress)}
              </span>
              <WalletProofLabel proof={w.walletProof} length="short" className="hidden sm:inline-flex" />
              <span className="font-mono">{formatUsdt(w.amount)}</span>
            </li>
          ))}
        </ul>
        <FormField
          name="txHash"
          label="Transaction hash"
          required
          hint="The hash of the batch transaction, as the Safe or the block explorer shows it (0x and 64 characters)."
        >
          <Input autoComplete="off" spellCheck={false} className="font-mono text-xs" placeholder="0x…" />
        </FormField>
        <DialogFooter className="mt-0">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={markPaid.isPending}>
            <BadgeCheck aria-hidden="true" /> Mark {withdrawals.length} paid
          </Button>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}

/** Who else uses the wallet of a withdrawal flagged shared_wallet, read when its dialog opens. */
function WalletSharers({ query }: { query: ReturnType<typeof useWalletSharers> }) {
  const more = query.data ? query.data.total - query.data.ambassadors.length : 0;
  return (
    <div role="note" aria-busy={query.isPending} className="rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
      <p className="font-semibold">This wallet is also used by:</p>
      {query.data ? (
        <ul className="mt-1 list-disc pl-5">
          {query.data.ambassadors.map((other) => (
            <li key={other.id}>
              {other.fullName} <span className="text-muted">({other.email})</span>
            </li>
          ))}
          {more > 0 ? <li>and {more} more</li> : null}
        </ul>
      ) : query.status === 'error' ? (
        <QueryError
          title="Who else uses it could not be loaded."
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          compact
          className="mt-1"
        />
      ) : (
        <p className="mt-1 text-muted">Loading…</p>
      )}
    </div>
  );
}

/** The decision as the form holds it: a reject's reason beside the notes (its facts). */
const ZWithdrawalForm = ZWithdrawalDecisionBody.extend({ reasonCode: ZReasonChoice });

function WithdrawalDialog({ row: withdrawal, onClose }: RowDialogProps<TAdminWithdrawalView>) {
  const decide = useDecideWithdrawal();
  const shared = withdrawal.flags.includes('shared_wallet');
  const changed = addressChange(withdrawal);
  const sharers = useWalletSharers(withdrawal.id, shared);
  const form = useForm({ resolver: zodResolver(ZWithdrawalForm), defaultValues: { adminNotes: '', reasonCode: '' } });
  // Rejecting is a step: the first 'Reject' asks for the reason (DECISIONS §6), the second decides.
  const [rejecting, setRejecting] = useState(false);
  const notes = useWatch({ control: form.control, name: 'adminNotes' });
  // Both buttons submit the form; the one pressed says which decision it is.
  const decision = useRef<WithdrawalDecision>('approve');
  const [pending, setPending] = useState<WithdrawalDecision | null>(null);
  const act = ({ reasonCode, ...rest }: z.output<typeof ZWithdrawalForm>) => {
    const chosen = decision.current;
    if (chosen === 'reject' && !rejecting) {
      setRejecting(true);
      window.setTimeout(() => form.setFocus('reasonCode'), 0);
      return;
    }
    if (chosen === 'reject' && !reasonCode) {
      form.setError('reasonCode', { type: 'required', message: REASON_REQUIRED }, { shouldFocus: true });
      return;
    }
    const input = chosen === 'reject' ? { ...rest, reasonCode: chosenReason(reasonCode) } : rest;
    setPending(chosen);
    const outcome =
      chosen === 'approve'
        ? {
            onSuccess: (decided: TWithdrawalView) => {
              // The first of two approvals (DECISIONS §5, Two-person rule): approved is not what happened yet.
              if (decided.status === 'pending') notify.success('First approval recorded', 'Another admin must approve this withdrawal before it is paid.');
              else notify.success('Withdrawal Approved', `${formatUsdt(withdrawal.amount)} to ${shortenAddress(withdrawal.walletAddress)}.`);
              onClose();
            },
            onError: adminError('Failed to approve withdrawal'),
          }
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
        {withdrawal.needsSecondApproval ? (
          <p role="note" className="rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
            {withdrawal.approvals >= 1
              ? `Needs a second approval (${withdrawal.approvals} of ${withdrawal.approvalsNeeded}). First approved by ${withdrawal.approvedBy.join(', ')}; another admin must approve it.`
              : 'This amount needs the approval of two different admins. Your approval will be the first of 2.'}
          </p>
        ) : null}
        {changed ? (
          <p role="note" className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
            <span>
              <strong>Address changed since the request:</strong> the ambassador&apos;s payout address was changed on {formatDateTime(changed)}, after this
              request was made. This request still pays the address below; make sure the ambassador still wants it before approving.
            </span>
          </p>
        ) : null}
        {shared ? <WalletSharers query={sharers} /> : null}
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
            ['Wallet Proof', <WalletProofLabel key="p" proof={withdrawal.walletProof} verifiedAt={withdrawal.walletVerifiedAt} length="short" />],
          ]}
        />
        {withdrawal.walletProof === 'verified' && withdrawal.walletProofMessage ? (
          <details className="rounded-lg border border-border p-3 text-sm">
            <summary className="cursor-pointer font-semibold">Show the signed message</summary>
            <WalletProofEvidence withdrawal={withdrawal} className="mt-3" />
          </details>
        ) : (
          <p className="text-xs text-muted">{UNPROVEN_TEXT[withdrawal.walletProof === 'exchange' ? 'exchange' : 'none']}</p>
        )}
        <FactsField name="adminNotes" label="Admin Notes (optional)" length={notes?.length ?? 0} />
        {rejecting ? <ReasonFields subject="withdrawal" flags={withdrawal.flags} withFacts={false} /> : null}
        <DialogFooter className="mt-0">
          <Button
            type="submit"
            variant="destructive"
            onClick={() => (decision.current = 'reject')}
            loading={pending === 'reject'}
            disabledFocusable={pending === 'approve'}
          >
            <X aria-hidden="true" /> {rejecting ? 'Reject with this reason' : 'Reject'}
          </Button>
          <Button
            type="submit"
            variant="success"
            onClick={() => (decision.current = 'approve')}
            loading={pending === 'approve'}
            disabledFocusable={pending === 'reject'}
          >
            <Check aria-hidden="true" /> Approve
          </Button>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}
