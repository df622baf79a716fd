import { ArrowUpRight, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatUsdt } from '../../../../shared/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useRequestWithdrawal } from '../api/request-withdrawal.ts';
import { checkWithdrawal, type WithdrawalProblem } from './withdrawal-check.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  savedAddress: string;
  withdrawable: string;
}

export function WithdrawalDialog({ open, onOpenChange, savedAddress, withdrawable }: Props) {
  const mutation = useRequestWithdrawal();
  const [amount, setAmount] = useState('');
  const [walletAddress, setWalletAddress] = useState(savedAddress);
  const [problem, setProblem] = useState<WithdrawalProblem | null>(null);
  // One Idempotency-Key per distinct request: pressing the button again after a lost answer repeats it safely.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const { reset } = mutation;
  // Each opening starts from a blank amount and the saved address.
  useEffect(() => {
    if (!open) return;
    setAmount('');
    setWalletAddress(savedAddress);
    setProblem(null);
    attempt.current = null;
    reset();
  }, [open, savedAddress, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWithdrawal(amount, walletAddress, withdrawable);
    if (!checked.ok) {
      setProblem(checked.problem);
      notify.error(checked.problem.title, checked.problem.message);
      return;
    }
    setProblem(null);
    const input = { amount: checked.amount, walletAddress: checked.walletAddress };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    mutation.mutate(
      { ...input, idempotencyKey: attempt.current.key },
      {
        onSuccess: () => {
          onOpenChange(false);
          notify.success('Withdrawal Requested', 'Your withdrawal request is pending admin approval.');
        },
        onError: (error) => notify.error('Request Failed', errorMessage(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Request Withdrawal" description={`USDT on the BEP20 network. Available to withdraw: ${formatUsdt(withdrawable)}.`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Request Withdrawal">
          <Field label="Amount (USDT)" hint="Minimum 50 USDT" error={problem?.field === 'amount' ? problem.message : undefined}>
            <Input type="number" inputMode="decimal" min={50} step="0.01" placeholder="50.00" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Field
            label="BEP20 Wallet Address"
            hint="Defaults to your saved USDT wallet; you may use another."
            error={problem?.field === 'walletAddress' ? problem.message : undefined}
          >
            <Input
              placeholder="0x..."
              className="font-mono"
              spellCheck={false}
              autoComplete="off"
              value={walletAddress}
              onChange={(e) => setWalletAddress(e.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ArrowUpRight aria-hidden="true" />}
              {mutation.isPending ? 'Submitting...' : 'Submit Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 128 random bits; getRandomValues works on plain-http hosts too, where randomUUID is missing. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
