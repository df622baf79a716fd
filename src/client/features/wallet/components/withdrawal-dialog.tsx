import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowUpRight } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { usdtAmountIn } from '../../../../shared/localized-format.ts';
import { separatorsOf } from '../../../../shared/money-input.ts';
import type { WalletProof } from '../../../../shared/schemas/wallet-proof.ts';
import type { TWithdrawalInput } from '../../../../shared/schemas/withdrawals.ts';
import { WalletProofLabel } from '../../../components/wallet-proof-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { firstError, Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useRequestWithdrawal } from '../api/request-withdrawal.ts';
import { problemTitle, withdrawalForm } from './withdrawal-form.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  savedAddress: string;
  /** How the saved address stands (DECISIONS §6, Wallet proof). */
  walletProof: WalletProof;
  withdrawable: string;
}

export function WithdrawalDialog({ open, onOpenChange, savedAddress, walletProof, withdrawable }: Props) {
  const mutation = useRequestWithdrawal();
  const { t, i18n } = useLingui();
  const schema = useMemo(() => withdrawalForm(withdrawable, i18n.locale), [withdrawable, i18n.locale]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '', walletAddress: savedAddress } });
  // One Idempotency-Key per distinct request: pressing the button again after a lost answer repeats it safely.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const { reset } = mutation;
  const { reset: resetForm } = form;
  // Each opening starts from a blank amount and the saved address. While open, a change of the saved
  // address (a refused request to another one saves it) keeps what was typed and the refusal shown.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      resetForm({ amount: '', walletAddress: savedAddress });
      attempt.current = null;
      reset();
    }
    wasOpen.current = open;
  }, [open, savedAddress, reset, resetForm]);

  const available = usdtAmountIn(withdrawable, i18n.locale);
  const typed = form.watch('walletAddress').trim();
  const otherAddress = typed !== '' && typed.toLowerCase() !== savedAddress.toLowerCase();
  // A refusal of the request as a whole (a hold, WALLET_PROOF=required) stays in the dialog beside its toast.
  const refusal =
    mutation.error instanceof ApiError && mutation.error.status < 500 && !mutation.error.fieldErrors.length
      ? (mutation.error.text ?? '')
      : null;

  const invalid = (errors: FieldErrors<TWithdrawalInput>) => {
    const first = firstError(errors, ['amount', 'walletAddress']);
    if (first) notify.error(problemTitle(first.name, first.message), first.message);
  };

  const submit = (values: z.output<typeof schema>) => {
    // Spec §5: the wallet page sends the amount as a number (exact: at most 2 decimals, checked above).
    const input = { amount: Number(values.amount), walletAddress: values.walletAddress };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    mutation.mutate(
      { ...input, idempotencyKey: attempt.current.key },
      {
        onSuccess: () => {
          onOpenChange(false);
          notify.success(t`Withdrawal Requested`, t`Your withdrawal request is pending admin approval.`);
        },
        onError: (error) => notify.error(t`Request Failed`, errorMessage(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t`Request Withdrawal`} description={t`USDT on the BEP20 network. Available to withdraw: ${available}.`}>
        <Form form={form} onSubmit={submit} onInvalid={invalid} className="flex flex-col gap-4" aria-label={t`Request Withdrawal`}>
          <FormField name="amount" label={t`Amount (USDT)`} hint={t`Minimum 50 USDT`} required>
            {/* Text, not a number input: a number input refuses '50,5' in a browser set to English, and the page's language decides (shared/money-input.ts). */}
            <Input type="text" inputMode="decimal" autoComplete="off" placeholder={`50${separatorsOf(i18n.locale).decimal}00`} />
          </FormField>
          <FormField name="walletAddress" label={t`BEP20 Wallet Address`} hint={t`Defaults to your saved USDT wallet; you may use another.`} required>
            <Input placeholder="0x..." className="font-mono" spellCheck={false} autoComplete="off" />
          </FormField>
          <div className="flex flex-col gap-1.5 text-sm" aria-live="polite">
            {otherAddress ? (
              <p className="text-gold">
                <Trans>
                  Another address replaces your saved one: it starts unverified, and withdrawals pause for your security before one can be made to it.
                </Trans>
              </p>
            ) : (
              <p className="flex flex-wrap items-center gap-2 text-muted">
                <Trans>Your saved address:</Trans> <WalletProofLabel proof={walletProof} length="long" />
              </p>
            )}
          </div>
          {refusal ? (
            <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
              {refusal}
            </p>
          ) : null}
          <DialogActions onCancel={() => onOpenChange(false)} pending={mutation.isPending}>
            <Button type="submit" loading={mutation.isPending}>
              <ArrowUpRight aria-hidden="true" />
              {mutation.isPending ? t`Submitting...` : t`Submit Request`}
            </Button>
          </DialogActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** 128 random bits; getRandomValues works on plain-http hosts too, where randomUUID is missing. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
