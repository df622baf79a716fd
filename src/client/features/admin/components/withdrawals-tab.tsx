import { zodResolver } from '@hookform/resolvers/zod';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertTriangle, BadgeCheck, Check, Download, ListChecks, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { dateIn, dateTimeIn, usdtAmountIn, usdtFigureIn } from '../../../../shared/localized-format.ts';
import { addMoney } from '../../../../shared/money.ts';
import { EXPORT_MAX_IDS, WITHDRAWAL_STAGE_LABELS, WITHDRAWAL_STAGES, ZMarkPaidInput, ZWithdrawalDecisionBody } from '../../../../shared/schemas/withdrawals.ts';
import type { TAdminWithdrawalView, TWithdrawalView, WithdrawalStage } from '../../../../shared/schemas/withdrawals.ts';
import { WALLET_PROOFS, type WalletProof } from '../../../../shared/schemas/wallet-proof.ts';
import { shortenAddress } from '../../../../shared/wallet.ts';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { WithdrawalStatus } from '../../../components/withdrawal-status.tsx';
import { WalletProofLabel, walletProofText } from '../../../components/wallet-proof-label.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Form, FormField, showServerErrors } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api.ts';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { useDecideWithdrawal, type WithdrawalDecision } from '../api/decide-withdrawal.ts';
import { exportUrl, useMarkPaid } from '../api/mark-paid.ts';
import { resources } from '../../../api/resources.ts';
import { exportedList, useAdminList } from '../api/use-admin-list.ts';
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
  const approvals = w.approvals;
  const needed = w.approvalsNeeded;
  return approvals >= 1 ? i18n._(msg`Needs a second approval (${approvals} of ${needed})`) : i18n._(msg`Needs two approvals`);
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

/** The list's stages in the page's language: the shared words of shared/schemas/withdrawals.ts (WITHDRAWAL_STAGE_LABELS), by their catalog ids. */
function stageLabels(): Record<WithdrawalStage, string> {
  return Object.fromEntries(WITHDRAWAL_STAGES.map((stage) => [stage, i18n._(WITHDRAWAL_STAGE_LABELS[stage])])) as Record<WithdrawalStage, string>;
}

/** The list's filter by wallet proof (DECISIONS §6, Wallet proof): the Safe export takes it too. */
const PROOF_PARAM = 'walletProof';

function proofFilterSpec() {
  return {
    param: PROOF_PARAM,
    name: i18n._(msg`Wallet proof`),
    values: WALLET_PROOFS,
    labels: Object.fromEntries(WALLET_PROOFS.map((proof) => [proof, walletProofText(proof, 'short')])),
  };
}

function proofFilter(filters: ReadonlyArray<{ param: string; value: string }> | undefined): WalletProof | null {
  const value = filters?.find((filter) => filter.param === PROOF_PARAM)?.value;
  return WALLET_PROOFS.find((proof) => proof === value) ?? null;
}

function allMatch(rows: ReadonlyMap<string, TAdminWithdrawalView>, proof: WalletProof): boolean {
  return [...rows.values()].every((w) => w.walletProof === proof);
}

/** '2 verified': so many addresses of a batch with that proof (the proof's label in lower case in English). */
function proofCount(proof: WalletProof, count: number): string {
  if (proof === 'verified') return plural(count, { one: '# verified', other: '# verified' });
  if (proof === 'exchange') return plural(count, { one: '# exchange (unverified)', other: '# exchange (unverified)' });
  return plural(count, { one: '# unverified', other: '# unverified' });
}

/** '2 verified, 1 unverified': how the addresses of a batch stood. */
function proofCounts(rows: readonly TAdminWithdrawalView[]): string {
  return WALLET_PROOFS.map((proof) => [proof, rows.filter((w) => w.walletProof === proof).length] as const)
    .filter(([, count]) => count > 0)
    .map(([proof, count]) => proofCount(proof, count))
    .join(', ');
}

/** What an address without a signature means for the admin paying it. */
const UNPROVEN_TEXT = {
  exchange: msg`The ambassador says this is an exchange deposit address: it cannot sign, so nobody has proven who controls it.`,
  none: msg`Nobody has proven control of this address with a signature.`,
} as const;

interface Selection {
  rows: ReadonlyMap<string, TAdminWithdrawalView>;
  toggle: (row: TAdminWithdrawalView, on: boolean) => void;
}

function columns(open: (row: TAdminWithdrawalView) => void, selection: Selection): Array<Column<TAdminWithdrawalView>> {
  return [
    {
      header: i18n._(msg`Select for payment`),
      hideHeader: true,
      card: 'actions',
      cell: (w) => {
        if (!payable(w)) return null;
        const amount = usdtAmountIn(w.amount, i18n.locale);
        const name = w.ambassador.fullName;
        return (
          // On a phone's card the box says what it does; in the table its column does.
          <label className="inline-flex cursor-pointer items-center gap-2 font-semibold" onClick={(event) => event.stopPropagation()}>
            <Checkbox
              checked={selection.rows.has(w.id)}
              onCheckedChange={(checked) => selection.toggle(w, checked === true)}
              aria-label={i18n._(msg`Select for payment: ${amount} to ${name}`)}
            />
            <span className="md:sr-only" aria-hidden="true">
              <Trans>Select for payment</Trans>
            </span>
          </label>
        );
      },
    },
    { header: i18n._(msg`Date`), cell: (w) => <span className="text-muted">{dateTimeIn(w.createdAt, i18n.locale)}</span> },
    ambassadorColumn(),
    {
      header: i18n._(msg`Amount`),
      cell: (w) => usdtAmountIn(w.amount, i18n.locale),
      align: 'right',
      className: 'font-mono font-bold',
      card: 'aside',
    },
    { header: i18n._(msg`Type`), cell: () => <Badge variant="secondary">USDT</Badge>, card: 'none' },
    {
      header: i18n._(msg`Wallet`),
      cell: (w) => {
        const changed = addressChange(w);
        const since = changed ? dateIn(changed, i18n.locale) : '';
        return (
          <span className="inline-flex flex-col items-start gap-1">
            <span className="font-mono text-xs" title={w.walletAddress}>
              {shortenAddress(w.walletAddress)}
            </span>
            <WalletProofCell withdrawal={w} ambassadorName={w.ambassador.fullName} />
            {changed ? (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-gold">
                <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" /> <Trans>Address changed since the request, {since}</Trans>
              </span>
            ) : null}
          </span>
        );
      },
    },
    flagsColumn(),
    ageColumn(),
    { header: i18n._(msg`Status`), cell: (w) => <WithdrawalStatus withdrawal={w} secondApproval={secondApprovalText(w)} />, card: 'aside' },
    // Spec §2: only a pending request offers review.
    actionsColumn(i18n._(msg`Review`), (w) =>
      w.status === 'pending' ? (
        <Button size="sm" onClick={() => open(w)} aria-label={reviewLabel(w.ambassador.fullName)}>
          <Trans>Review</Trans>
        </Button>
      ) : null,
    ),
  ];
}

function reviewLabel(name: string): string {
  return i18n._(msg`Review withdrawal of ${name}`);
}

/**
 * One panel (DECISIONS §3: the spec's duplicate panel is the same list), by stage (DECISIONS §5):
 * to approve, approved and awaiting payment, paid, rejected. Approved, unpaid rows can be selected,
 * exported for a Safe batch and marked paid with the batch's transaction hash.
 */
export function WithdrawalsTab() {
  const { t } = useLingui();
  const list = useAdminList(resources.adminWithdrawals, {
    ...exportedList('withdrawals'),
    filter: WITHDRAWAL_STAGES,
    filterLabels: stageLabels(),
    moreFilters: [proofFilterSpec()],
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
        title={t`Withdrawal Requests`}
        list={list}
        columns={(open) => columns(open, selection)}
        Dialog={WithdrawalDialog}
        emptyText={t`No withdrawal requests found`}
        searchPlaceholder={t`Search by name, email or wallet`}
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
  const { t, i18n: lingui } = useLingui();
  const ids = selected.map((w) => w.id);
  const total = addMoney('0', ...selected.map((w) => w.amount));
  const count = selected.length;
  const none = count === 0;
  // 'Clear selection' takes the batch's buttons away with it: the focus stays in the toolbar.
  const toolbar = useRef<HTMLElement>(null);
  useFocusAfterSwap(none, { container: toolbar, prefer: 'control' });
  return (
    <section
      ref={toolbar}
      aria-label={t`Payout batch`}
      className="mb-4 flex flex-col gap-3 rounded-xl border border-border bg-surface-2/60 p-3 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <p className="text-sm" aria-live="polite">
        {none ? (
          t`Select approved withdrawals to export them for a Safe batch and mark them paid.`
        ) : (
          <>
            <span className="font-semibold">{plural(count, { one: '# selected', other: '# selected' })}</span>,{' '}
            <span className="font-mono">{usdtAmountIn(total, lingui.locale)}</span>
            <span className="text-muted">: {proofCounts(selected)}</span>
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <Button size="sm" variant="outline" onClick={onSelectPage}>
          <ListChecks aria-hidden="true" /> <Trans>Select all on this page</Trans>
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
              <BadgeCheck aria-hidden="true" /> <Trans>Mark paid</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={onClear}>
              <Trans>Clear selection</Trans>
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
  const { t, i18n: lingui } = useLingui();
  const form = useForm({ resolver: zodResolver(ZTxHashForm), defaultValues: { txHash: '' } });
  const total = usdtAmountIn(addMoney('0', ...withdrawals.map((w) => w.amount)), lingui.locale);
  const count = withdrawals.length;
  const submit = ({ txHash }: z.output<typeof ZTxHashForm>) =>
    markPaid.mutate(
      { ids: withdrawals.map((w) => w.id), txHash },
      {
        onSuccess: (result) => {
          notify.success(
            t`Marked as paid`,
            result.verifiedOnChain
              ? plural(count, {
                  one: '# withdrawal(s) verified on chain and marked paid.',
                  other: '# withdrawal(s) verified on chain and marked paid.',
                })
              : plural(count, {
                  one: '# withdrawal(s) marked paid. The transaction was not verified on chain (no BSC_RPC_URL is set).',
                  other: '# withdrawal(s) marked paid. The transaction was not verified on chain (no BSC_RPC_URL is set).',
                }),
          );
          onPaid();
        },
        onError: (error) => {
          // The chain's or the batch's refusal names the withdrawal; it belongs under the hash.
          if (error instanceof ApiError && error.status < 500 && error.text) {
            showServerErrors(form, error);
            if (!error.fieldErrors.length) form.setError('txHash', { type: 'server', message: error.text });
          } else adminError(t`Failed to mark withdrawals paid`)(error);
        },
      },
    );
  return (
    <ModalDialog
      onClose={onClose}
      title={t`Mark as paid`}
      description={plural(count, { one: `# withdrawal(s), ${total} in one transaction`, other: `# withdrawal(s), ${total} in one transaction` })}
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label={t`Mark withdrawals paid`}>
        <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-2 text-sm" aria-label={t`Withdrawals in this batch`}>
          {withdrawals.map((w) => (
            <li key={w.id} className="flex justify-between gap-3">
              <span className="truncate">{w.ambassador.fullName}</span>
              <span className="font-mono text-xs text-muted" title={w.walletAddress}>
                {shortenAddress(w.walletAddress)}
              </span>
              <WalletProofLabel proof={w.walletProof} length="short" className="hidden sm:inline-flex" />
              <span className="font-mono">{usdtAmountIn(w.amount, lingui.locale)}</span>
            </li>
          ))}
        </ul>
        <FormField
          name="txHash"
          label={t`Transaction hash`}
          required
          hint={t`The hash of the batch transaction, as the Safe or the block explorer shows it (0x and 64 characters).`}
        >
          <Input autoComplete="off" spellCheck={false} className="font-mono text-xs" placeholder="0x…" />
        </FormField>
        <DialogActions onCancel={onClose} className="mt-0">
          <Button type="submit" loading={markPaid.isPending}>
            <BadgeCheck aria-hidden="true" /> {plural(count, { one: 'Mark # paid', other: 'Mark # paid' })}
          </Button>
        </DialogActions>
      </Form>
    </ModalDialog>
  );
}

/** Who else uses the wallet of a withdrawal flagged shared_wallet, read when its dialog opens. */
function WalletSharers({ query }: { query: ReturnType<typeof useWalletSharers> }) {
  const { t } = useLingui();
  const more = query.data ? query.data.total - query.data.ambassadors.length : 0;
  return (
    <div role="note" aria-busy={query.isPending} className="rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
      <p className="font-semibold">
        <Trans>This wallet is also used by:</Trans>
      </p>
      {query.data ? (
        <ul className="mt-1 list-disc pl-5">
          {query.data.ambassadors.map((other) => (
            <li key={other.id}>
              {other.fullName} <span className="text-muted">({other.email})</span>
            </li>
          ))}
          {more > 0 ? <li>{plural(more, { one: 'and # more', other: 'and # more' })}</li> : null}
        </ul>
      ) : query.status === 'error' ? (
        <QueryError title={t`Who else uses it could not be loaded.`} query={query} compact className="mt-1" />
      ) : (
        <p className="mt-1 text-muted">
          <Trans>Loading…</Trans>
        </p>
      )}
    </div>
  );
}

/** The decision as the form holds it: a reject's reason beside the notes (its facts). */
const ZWithdrawalForm = ZWithdrawalDecisionBody.extend({ reasonCode: ZReasonChoice });

/**
 * What the desk says before the click about the signed-in admin's approval (DECISIONS §7,
 * `approvers`): that it will be the first or the second of two, or why it cannot count and from when.
 */
function approverNote(w: TAdminWithdrawalView, locale: string): { text: string; counts: boolean } | null {
  const { approvers } = w;
  if (w.status !== 'pending') return null;
  const given = approvers.given;
  const needed = approvers.needed;
  const by = w.approvedBy.join(', ');
  const from = approvers.eligibleFrom ? dateTimeIn(approvers.eligibleFrom, locale) : '';
  if (approvers.eligibleNow) {
    if (needed < 2) return null;
    return {
      counts: true,
      text:
        given >= 1
          ? i18n._(msg`Needs a second approval (${given} of ${needed}). First approved by ${by}; your approval will be the second.`)
          : i18n._(msg`This amount needs the approval of two different admins. Your approval will be the first of 2.`),
    };
  }
  switch (approvers.reason) {
    case 'ALREADY_APPROVED':
      return { counts: false, text: i18n._(msg`You gave the first approval (${given} of ${needed}). Another admin must give the second.`) };
    case 'APPROVER_TOO_NEW':
      return {
        counts: false,
        text: i18n._(msg`Your approval cannot count yet: for a withdrawal that needs two admins, your admin account is too new. It counts from ${from}.`),
      };
    case 'APPROVER_MFA_TOO_NEW':
      return {
        counts: false,
        text: i18n._(
          msg`Your approval cannot count yet: your two-factor sign-in was turned on while your password was one a super admin set. It counts from ${from}.`,
        ),
      };
    case 'APPROVER_PASSWORD_NOT_OWN':
      return {
        counts: false,
        text: i18n._(
          msg`Your approval cannot count: your current password was set by a super admin. Set your own through the link we email you (Forgot password) first.`,
        ),
      };
    case 'APPROVER_NO_MFA':
      return { counts: false, text: i18n._(msg`Your approval cannot count: sign out and sign in again with your two-factor code first.`) };
    default:
      return null;
  }
}

function WithdrawalDialog({ row: withdrawal, onClose }: RowDialogProps<TAdminWithdrawalView>) {
  const decide = useDecideWithdrawal();
  const { t, i18n: lingui } = useLingui();
  const locale = lingui.locale;
  const name = withdrawal.ambassador.fullName;
  const shared = withdrawal.flags.includes('shared_wallet');
  const changed = addressChange(withdrawal);
  const changedOn = changed ? dateTimeIn(changed, locale) : '';
  const figure = usdtFigureIn(withdrawal.amount, locale);
  const approverSays = approverNote(withdrawal, locale);
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
              if (decided.status === 'pending') notify.success(t`First approval recorded`, t`Another admin must approve this withdrawal before it is paid.`);
              else {
                const amount = usdtAmountIn(withdrawal.amount, locale);
                const address = shortenAddress(withdrawal.walletAddress);
                notify.success(t`Withdrawal Approved`, t`${amount} to ${address}.`);
              }
              onClose();
            },
            onError: adminError(t`Failed to approve withdrawal`),
          }
        : adminOutcome({ title: t`Withdrawal Rejected`, text: t`The amount is available to the ambassador again.` }, t`Failed to reject withdrawal`, onClose);
    decide.mutate({ id: withdrawal.id, decision: chosen, input }, { ...outcome, onSettled: () => setPending(null) });
  };
  return (
    <ModalDialog onClose={onClose} title={t`Review Withdrawal`} description={t`${figure} USDT (BEP20) for ${name}`}>
      <Form form={form} onSubmit={act} className="flex flex-col gap-4" aria-label={t`Review withdrawal`}>
        {approverSays ? (
          <p id={`approver-${withdrawal.id}`} role="note" className="rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
            {approverSays.text}
          </p>
        ) : null}
        {changed ? (
          <p role="note" className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
            <span>
              <Trans>
                <strong>Address changed since the request:</strong> the ambassador&apos;s payout address was changed on {changedOn}, after this request was
                made. This request still pays the address below; make sure the ambassador still wants it before approving.
              </Trans>
            </span>
          </p>
        ) : null}
        {shared ? <WalletSharers query={sharers} /> : null}
        <DetailList
          items={[
            [t`Amount`, usdtAmountIn(withdrawal.amount, locale)],
            [t`Requested`, dateTimeIn(withdrawal.createdAt, locale)],
            [
              t`Wallet Address`,
              <span key="w" className="break-all font-mono text-xs">
                {withdrawal.walletAddress}
              </span>,
            ],
            [t`Wallet Proof`, <WalletProofLabel key="p" proof={withdrawal.walletProof} verifiedAt={withdrawal.walletVerifiedAt} length="short" />],
          ]}
        />
        {withdrawal.walletProof === 'verified' && withdrawal.walletProofMessage ? (
          <details className="rounded-lg border border-border p-3 text-sm">
            <summary className="cursor-pointer font-semibold">
              <Trans>Show the signed message</Trans>
            </summary>
            <WalletProofEvidence withdrawal={withdrawal} className="mt-3" />
          </details>
        ) : (
          <p className="text-xs text-muted">{lingui._(UNPROVEN_TEXT[withdrawal.walletProof === 'exchange' ? 'exchange' : 'none'])}</p>
        )}
        <FactsField name="adminNotes" label={t`Admin Notes (optional)`} length={notes?.length ?? 0} />
        {rejecting ? <ReasonFields subject="withdrawal" flags={withdrawal.flags} withFacts={false} /> : null}
        <DialogFooter className="mt-0">
          <Button
            type="submit"
            variant="destructive"
            onClick={() => (decision.current = 'reject')}
            loading={pending === 'reject'}
            disabledFocusable={pending === 'approve'}
          >
            <X aria-hidden="true" /> {rejecting ? t`Reject with this reason` : t`Reject`}
          </Button>
          <Button
            type="submit"
            variant="success"
            onClick={() => (decision.current = 'approve')}
            loading={pending === 'approve'}
            // An approval that cannot count is not offered; the note above says why and from when.
            disabledFocusable={pending === 'reject' || approverSays?.counts === false}
            aria-describedby={approverSays ? `approver-${withdrawal.id}` : undefined}
          >
            <Check aria-hidden="true" /> <Trans>Approve</Trans>
          </Button>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}
