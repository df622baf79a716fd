import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowUpRight, Award, Check, Coins, DollarSign, History, Pencil, Wallet as WalletIcon, X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { BADGE_TIERS, badgeRangeLabel } from '../../../../shared/badges.ts';
import { dateTimeIn, gcmIn, signedAmountIn, usdtAmountIn, usdtFigureIn } from '../../../../shared/localized-format.ts';
import { MIN_WITHDRAWAL_USDT } from '../../../../shared/limits.ts';
import { compareMoney, toCents } from '../../../../shared/money.ts';
import { ZUsdtWalletForm } from '../../../../shared/schemas/wallet.ts';
import type { TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import type { TTransactionView } from '../../../../shared/schemas/wallet.ts';
import type { TWithdrawalView } from '../../../../shared/schemas/withdrawals.ts';
import { shortenAddress } from '../../../../shared/wallet.ts';
import { useAmbassadorEditor } from '../../../api/ambassador.ts';
import { BadgePill, asBadgeLevel, badgeLabel } from '../../../components/badge-level.tsx';
import { AmbassadorPage } from '../../../components/no-ambassador-profile.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SuspendedNotice } from '../../../components/suspended-notice.tsx';
import { decisionOf } from '../../../api/decisions.ts';
import { AppealPanel, DecisionHistory, DecisionReason } from '../../../components/decision-reason.tsx';
import { WithdrawalStatus } from '../../../components/withdrawal-status.tsx';
import { WalletProofLabel } from '../../../components/wallet-proof-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle, IconCardHeader, IconCardLabel } from '../../../components/ui/card.tsx';
import { firstError, Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ResponsiveTable, actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useCancelWithdrawal } from '../api/cancel-withdrawal.ts';
import { useEditorFocus } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useTransactions } from '../api/get-transactions.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { useLedgerDescription } from '../components/ledger-description.ts';
import { WalletProofActions } from '../components/wallet-proof.tsx';
import { WithdrawalDialog } from '../components/withdrawal-dialog.tsx';

export function WalletPage() {
  const { t } = useLingui();
  return (
    <AmbassadorPage shortReportLabel loadingLabel={t`Loading wallet...`} failure={t`The wallet could not be loaded.`}>
      {(ambassador) => <WalletView ambassador={ambassador} />}
    </AmbassadorPage>
  );
}

function WalletView({ ambassador }: { ambassador: TOwnAmbassador }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const level = asBadgeLevel(ambassador.badgeLevel);
  const [dialogOpen, setDialogOpen] = useState(false);
  const withdrawable = ambassador.withdrawableUsdt ?? ambassador.totalUsdtEarned;
  const hasAddress = Boolean(ambassador.usdtWalletAddress);
  const enough = compareMoney(withdrawable, MIN_WITHDRAWAL_USDT) >= 0;
  const suspended = ambassador.status === 'suspended';
  const pending = ambassador.pendingWithdrawalUsdt && toCents(ambassador.pendingWithdrawalUsdt) > 0n ? ambassador.pendingWithdrawalUsdt : null;
  // DECISIONS §5, Wallet change hold, and §6, the exchange hold: the server computes the time from what it stored.
  const pausedUntil = ambassador.withdrawalsPausedUntil ?? ambassador.exchangeHoldUntil;
  // The later of the two holds says why: the first withdrawal to a declared exchange address, or a change.
  const pausedForExchange = ambassador.exchangeHoldUntil !== null && pausedUntil === ambassador.exchangeHoldUntil;
  // WALLET_PROOF=required: an unproven address is refused; the page says so first.
  const proofMissing = hasAddress && ambassador.walletProofRequired && ambassador.walletProof === 'none';

  const withdrawHint = (): string => {
    if (!hasAddress) return t`Please add your USDT wallet address to enable withdrawals`;
    if (pausedUntil) {
      const until = dateTimeIn(pausedUntil, locale);
      return pausedForExchange
        ? t`Your first withdrawal to an exchange deposit address can be requested from ${until}: an address that cannot be verified waits longer.`
        : t`For your security, withdrawals are paused until ${until} after a wallet address change.`;
    }
    if (proofMissing) return t`To withdraw, verify your USDT address with your wallet, or say it is an exchange deposit address.`;
    if (!enough) return t`You need at least 50 USDT to request a withdrawal`;
    const amount = usdtAmountIn(withdrawable, locale);
    return t`You can withdraw up to ${amount}.`;
  };

  return (
    <div className="flex flex-col gap-6">
      {suspended ? <SuspendedNotice ambassador={ambassador} /> : null}
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          <Trans>Wallet</Trans>
        </h1>
        <p className="text-muted">
          <Trans>Your balances, payout wallet, withdrawals and transactions.</Trans>
        </p>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <IconCardLabel icon={Award}>
              <Trans>Current Badge</Trans>
            </IconCardLabel>
            <BadgePill level={level} className="w-fit px-3 py-1 text-sm" />
          </CardHeader>
          <CardContent>
            <p className="mb-2 text-xs text-muted">
              <Trans>Thresholds in GCM earned per month</Trans>
            </p>
            <ul className="grid grid-cols-2 gap-2 text-xs" aria-label={t`Badge thresholds (GCM per month)`}>
              {BADGE_TIERS.map((tier) => (
                <li key={tier.level} className={cn('rounded-lg border px-2 py-1.5', tier.level === level ? 'border-gold/60 bg-gold/10' : 'border-border')}>
                  <span className="font-semibold">{badgeLabel(tier.level)}</span> <span className="text-muted">{badgeRangeLabel(tier)}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <BalanceCard
          icon={<Coins />}
          title={t`GCM Balance`}
          accent="gold"
          rows={[
            [t`Total earned`, gcmIn(ambassador.totalGcmEarned, locale)],
            [t`This month`, gcmIn(ambassador.monthlyGcm, locale)],
          ]}
        />
        <BalanceCard
          icon={<DollarSign />}
          title={t`USDT Balance`}
          accent="green"
          rows={[
            [t`Total earned`, usdtFigureIn(ambassador.totalUsdtEarned, locale)],
            [t`This month`, usdtFigureIn(ambassador.monthlyUsdt, locale)],
            [t`Available to withdraw`, usdtFigureIn(withdrawable, locale)],
            ...(pending ? ([[t`Pending withdrawals`, usdtFigureIn(pending, locale)]] as Array<[string, string]>) : []),
          ]}
          highlight={t`Available to withdraw`}
        />
      </div>

      <Card>
        <IconCardHeader icon={WalletIcon} title={<Trans>Wallets</Trans>} />
        <CardContent className="grid gap-4 md:grid-cols-2">
          <div className="rounded-xl border border-border p-4">
            <p className="text-sm font-semibold">
              <Trans>GCM Wallet</Trans>
            </p>
            <p className="mt-1 text-sm text-muted">
              <Trans>Coming Soon</Trans>
            </p>
          </div>
          <UsdtWalletEditor ambassador={ambassador} />
        </CardContent>
        <CardContent className="flex flex-col gap-2 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div className={cn('text-sm', pausedUntil || proofMissing ? 'text-gold' : 'text-muted')} id="withdraw-hint">
            {withdrawHint()}
          </div>
          {/* Unavailable but focusable: it says why (the hint), and keeps the focus when a request leaves too little to withdraw. */}
          <Button
            onClick={() => setDialogOpen(true)}
            disabledFocusable={!hasAddress || !enough || suspended || Boolean(pausedUntil) || proofMissing}
            aria-describedby="withdraw-hint"
          >
            <ArrowUpRight aria-hidden="true" /> <Trans>Request Withdrawal</Trans>
          </Button>
        </CardContent>
      </Card>

      <WithdrawalDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        savedAddress={ambassador.usdtWalletAddress ?? ''}
        walletProof={ambassador.walletProof}
        withdrawable={withdrawable}
      />
      <WithdrawalList />
      <TransactionHistory />
    </div>
  );
}

function BalanceCard({
  icon,
  title,
  rows,
  accent,
  highlight,
}: {
  icon: ReactNode;
  title: string;
  rows: Array<[string, string]>;
  accent: 'gold' | 'green';
  highlight?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2 text-base">
          <span className={cn('[&_svg]:size-5', accent === 'gold' ? 'text-gold' : 'text-pitch-light')}>{icon}</span>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2">
          {rows.map(([label, value], index) => (
            <div key={label} className={cn('flex items-baseline justify-between gap-3', highlight === label && 'rounded-lg bg-surface-2 px-2 py-1.5')}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd
                className={cn(
                  'shrink-0 whitespace-nowrap font-mono font-bold',
                  index === 0 ? 'text-2xl' : 'text-base',
                  accent === 'gold' ? 'text-gold' : 'text-pitch-light',
                )}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function UsdtWalletEditor({ ambassador }: { ambassador: TOwnAmbassador }) {
  const { t } = useLingui();
  const address = ambassador.usdtWalletAddress;
  const [editing, setEditing] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { editor, editButton } = useEditorFocus(editing);
  const form = useForm({ resolver: zodResolver(ZUsdtWalletForm), defaultValues: { usdtWalletAddress: address ?? '' } });
  const update = useAmbassadorEditor(form, {
    failed: t`Update Failed`,
    title: t`Wallet Updated`,
    description: t`Your USDT wallet address has been saved.`,
    then: () => setEditing(false),
  });

  const start = () => {
    form.reset({ usdtWalletAddress: address ?? '' });
    setEditing(true);
  };
  // Spec §5: an empty address is refused here, with an 'Error' toast as well.
  const invalid = (errors: FieldErrors<{ usdtWalletAddress: string }>) => {
    const first = firstError(errors, ['usdtWalletAddress']);
    if (first) notify.error(t`Error`, first.message);
  };
  const save = ({ usdtWalletAddress }: { usdtWalletAddress: string }) => update.save({ usdtWalletAddress });

  if (!editing) {
    return (
      <div ref={box} className="flex flex-col gap-2 rounded-xl border border-border p-4">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-semibold">
            <Trans>USDT Wallet (BEP20)</Trans>
          </p>
          {/* Named for what it edits, starting with the word shown (WCAG 2.5.3). */}
          <Button ref={editButton} variant="outline" size="sm" onClick={start} aria-label={address ? t`Edit USDT wallet address` : t`Add USDT wallet address`}>
            <Pencil aria-hidden="true" /> {address ? t`Edit` : t`Add`}
          </Button>
        </div>
        <p className={cn('break-all text-sm', address ? 'font-mono' : 'text-muted')} data-testid="usdt-wallet">
          {address ?? t`No USDT wallet address saved yet.`}
        </p>
        {address ? (
          <>
            <WalletProofLabel proof={ambassador.walletProof} verifiedAt={ambassador.walletVerifiedAt} className="w-fit" data-testid="wallet-proof" />
            <WalletProofActions address={address} proof={ambassador.walletProof} exchangeHoldHours={ambassador.exchangeHoldHours} container={box} />
          </>
        ) : null}
      </div>
    );
  }
  return (
    <div ref={editor}>
      <Form
        form={form}
        onSubmit={save}
        onInvalid={invalid}
        className="flex flex-col gap-3 rounded-xl border border-gold/40 p-4"
        aria-label={t`Edit USDT wallet`}
      >
        <FormField
          name="usdtWalletAddress"
          label={t`USDT Wallet (BEP20)`}
          hint={
            ambassador.walletProof === 'none'
              ? t`A BEP20 (Binance Smart Chain) address, starting with 0x.`
              : t`A BEP20 (Binance Smart Chain) address, starting with 0x. A new address starts unverified: you verify it again.`
          }
          required
        >
          <Input placeholder="0x..." className="font-mono" spellCheck={false} autoComplete="off" />
        </FormField>
        <div className="flex gap-2 sm:justify-end">
          <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabledFocusable={update.pending}>
            <X aria-hidden="true" /> <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" size="sm" loading={update.pending}>
            <Check aria-hidden="true" /> <Trans>Save Wallet</Trans>
          </Button>
        </div>
      </Form>
    </div>
  );
}

function useWithdrawalColumns(): ReadonlyArray<Column<TWithdrawalView>> {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return [
    { header: t`Amount`, cell: (w) => <span className="font-mono text-lg font-bold">{usdtAmountIn(w.amount, locale)}</span>, card: 'title' },
    {
      header: t`Wallet`,
      cell: (w) => (
        <span className="font-mono text-xs" title={w.walletAddress}>
          {shortenAddress(w.walletAddress)}
        </span>
      ),
    },
    { header: t`Requested`, cell: (w) => <span className="text-muted">{dateTimeIn(w.createdAt, locale)}</span> },
    {
      header: t`Admin Notes`,
      cell: (w) =>
        w.status === 'rejected' ? (
          <RejectedWithdrawal withdrawal={w} />
        ) : w.appeal && w.appealedDecision ? (
          // Re-opened on appeal: the rejection and the appeal stay in its history (issue 40).
          <DecisionHistory rejection={w.appealedDecision} appeal={w.appeal} headingLevel={4} />
        ) : (
          <span className="text-muted">{w.adminNotes ?? '-'}</span>
        ),
      className: 'max-w-96 whitespace-normal',
      // A rejection's reason and its appeal form are long: the card's whole width on a phone (issue 40).
      card: 'block',
    },
    { header: t`Status`, cell: (w) => <WithdrawalStatus withdrawal={w} />, card: 'aside' },
    // Mounted for every row, so the request it cancels, once re-read as cancelled, still hears its answer.
    actionsColumn(t`Actions`, (w) => <CancelWithdrawal withdrawal={w} />),
  ];
}

/**
 * 'Cancel request' (DECISIONS §7): while a request is pending and no admin has approved it, its owner
 * may take it back, after a confirmation; the amount is withdrawable again at once, and a cancelled
 * request is final.
 */
function CancelWithdrawal({ withdrawal }: { withdrawal: TWithdrawalView }) {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const cancel = useCancelWithdrawal();
  const amount = usdtAmountIn(withdrawal.amount, i18n.locale);
  const address = shortenAddress(withdrawal.walletAddress);
  const confirm = () =>
    cancel.mutate(withdrawal.id, {
      onSuccess: () => {
        notify.success(t`Request cancelled`, t`${amount} is available to withdraw again.`);
        setAsking(false);
      },
      onError: (error) => {
        notify.error(t`Could not cancel the request`, errorMessage(error));
        setAsking(false);
      },
    });
  const cancellable = withdrawal.status === 'pending' && withdrawal.approvals === 0;
  if (!cancellable && !asking) return null;
  return (
    <>
      {cancellable ? (
        <Button variant="outline" size="sm" onClick={() => setAsking(true)} aria-label={t`Cancel request for ${amount}`}>
          <X aria-hidden="true" /> <Trans>Cancel request</Trans>
        </Button>
      ) : null}
      {asking ? (
        <ModalDialog
          onClose={() => setAsking(false)}
          title={t`Cancel this withdrawal request?`}
          description={t`${amount} to ${address}. The amount becomes available to withdraw again at once. A cancelled request cannot be re-opened; you can make a new one.`}
        >
          <DialogFooter className="mt-0">
            <Button variant="outline" onClick={() => setAsking(false)} disabledFocusable={cancel.isPending}>
              <Trans>Keep the request</Trans>
            </Button>
            <Button variant="destructive" onClick={confirm} loading={cancel.isPending}>
              <X aria-hidden="true" /> <Trans>Cancel request</Trans>
            </Button>
          </DialogFooter>
        </ModalDialog>
      ) : null}
    </>
  );
}

/** Why a withdrawal was rejected, and its one appeal (DECISIONS §6). */
function RejectedWithdrawal({ withdrawal }: { withdrawal: TWithdrawalView }) {
  const decision = decisionOf(withdrawal);
  return (
    <div className="flex flex-col gap-2">
      <DecisionReason code={decision.code} facts={decision.facts} flags={decision.flags} />
      <AppealPanel subject="withdrawal" id={withdrawal.id} decision={decision} />
    </div>
  );
}

/** Spec §2: shown only when any exist (and when they could not be read, which it says). */
function WithdrawalList() {
  const { t } = useLingui();
  const columns = useWithdrawalColumns();
  const withdrawals = useWithdrawals();
  const list = withdrawals.data ?? [];
  if (withdrawals.status !== 'error' && list.length === 0) return null;
  return (
    <Card>
      <IconCardHeader icon={ArrowUpRight} title={<Trans>Withdrawal Requests</Trans>} />
      <CardContent>
        <QueryState query={withdrawals} failure={t`Your withdrawal requests could not be loaded.`} isEmpty={(rows) => rows.length === 0}>
          {(rows) => <ResponsiveTable label={t`Withdrawal Requests`} rows={rows} rowKey={(w) => w.id} columns={columns} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** Each kind of ledger entry, named in the page's language (shared/enums.ts keeps the codes). */
const TRANSACTION_TYPE_NAMES: Readonly<Record<TTransactionView['type'], MessageDescriptor>> = {
  reward: msg`reward`,
  withdrawal: msg`withdrawal`,
  prize: msg`prize`,
  lottery: msg`lottery`,
  referral: msg`referral`,
};

/** Spec §2: the type in upper case, the amount signed, green when positive and red when negative. */
function useTransactionColumns(): ReadonlyArray<Column<TTransactionView>> {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const describe = useLedgerDescription();
  return [
    { header: t`Date`, cell: (row) => <span className="text-muted">{dateTimeIn(row.createdAt, locale)}</span> },
    { header: t`Type`, cell: (row) => i18n._(TRANSACTION_TYPE_NAMES[row.type]).toLocaleUpperCase(locale), className: 'font-semibold', card: 'title' },
    { header: t`Description`, cell: (row) => (row.description ? describe(row) : '-'), className: 'max-w-72 whitespace-normal' },
    {
      header: t`Amount`,
      align: 'right',
      card: 'aside',
      cell: (row) => (
        <span className={cn('font-mono font-bold', row.amount.trim().startsWith('-') ? 'text-danger' : 'text-pitch-light')}>
          {signedAmountIn(row.amount, row.currency, locale)}
        </span>
      ),
    },
  ];
}

function TransactionHistory() {
  const { t } = useLingui();
  const columns = useTransactionColumns();
  const transactions = useTransactions();
  return (
    <Card>
      <IconCardHeader icon={History} title={<Trans>Transaction History</Trans>} />
      <CardContent>
        <QueryState
          query={transactions}
          failure={t`Your transactions could not be loaded.`}
          loading={
            <p className="py-6 text-center text-sm text-muted">
              <Trans>Loading...</Trans>
            </p>
          }
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="py-6 text-center text-sm text-muted">
              <Trans>No transactions yet</Trans>
            </p>
          }
        >
          {(list) => <ResponsiveTable label={t`Transaction History`} rows={list} rowKey={(row) => row.id} columns={columns} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
