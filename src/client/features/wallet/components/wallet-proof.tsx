import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, ClipboardCopy, Landmark, PenLine, ShieldCheck, Smartphone, TriangleAlert, Wallet as WalletIcon, X } from 'lucide-react';
import { useId, useState, type ReactNode, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { shortenAddress } from '../../../../shared/wallet.ts';
import { ZWalletProofInput, type WalletProof } from '../../../../shared/schemas/wallet-proof.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ModalDialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Form, FormField, FormFieldset } from '../../../components/ui/form.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useFocusAfterSwap, useFocusOnMount } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { cn } from '../../../lib/utils.ts';
import { useMarkExchange, useProofMessage, useProveWith, useSubmitProof } from '../api/wallet-proof.ts';
import {
  personalSign,
  requestAccounts,
  sameAddress,
  useInjectedWallets,
  WalletError,
  walletErrorMessage,
  type InjectedWallet,
} from '../lib/injected-wallets.ts';

type Step = 'connect' | 'sign' | 'check';
type Mode = 'idle' | 'choose' | 'manual';

interface Props {
  address: string;
  proof: WalletProof;
  /** How long the first withdrawal to an exchange deposit address waits (EXCHANGE_ADDRESS_HOLD_HOURS). */
  exchangeHoldHours: number;
  /**
   * The part of the page around the actions: when they go (the address verified, the chooser or the
   * copy-and-paste way closed) with the focus in them, its first control takes the focus.
   */
  container: RefObject<HTMLElement | null>;
}

/**
 * Proving the saved USDT address (issue 30): 'Verify with your wallet' asks a wallet in this
 * browser (EIP-6963, or window.ethereum) to sign the server's SIWE message; without one, the same
 * message is copied into any wallet app and its signature pasted back; an exchange deposit address,
 * which cannot sign, is said to be one, with its longer first hold.
 */
export function WalletProofActions({ address, proof, exchangeHoldHours, container }: Props) {
  const { t } = useLingui();
  const wallets = useInjectedWallets();
  const prove = useProveWith();
  const issue = useProofMessage();
  const [mode, setMode] = useState<Mode>('idle');
  const [step, setStep] = useState<{ step: Step; wallet: string } | null>(null);
  const [noWalletFound, setNoWalletFound] = useState(false);
  const [exchangeOpen, setExchangeOpen] = useState(false);
  useFocusAfterSwap(`${mode} ${proof}`, { container, prefer: 'control' });

  const verifyWith = (wallet: InjectedWallet) => {
    setMode('idle');
    prove.mutate(
      {
        connect: async () => {
          setStep({ step: 'connect', wallet: wallet.name });
          const accounts = await requestAccounts(wallet).catch((error: unknown) => {
            throw new WalletError(walletErrorMessage(error, wallet.name));
          });
          const account = accounts.find((candidate) => sameAddress(candidate, address));
          if (!account) throw new WalletError(wrongAccountMessage(wallet.name, accounts, address));
          return account;
        },
        sign: async (message, account) => {
          setStep({ step: 'sign', wallet: wallet.name });
          const signature = await personalSign(wallet, message, account).catch((error: unknown) => {
            throw error instanceof WalletError ? error : new WalletError(walletErrorMessage(error, wallet.name));
          });
          setStep({ step: 'check', wallet: wallet.name });
          return signature;
        },
      },
      {
        onSuccess: () => notify.success(t`Wallet Verified`, provenText(address)),
        onSettled: () => setStep(null),
      },
    );
  };

  // A message of its own each time the copy-and-paste way opens: a nonce is single use and lasts 10 minutes.
  const openManual = (noWallet: boolean) => {
    prove.reset();
    setNoWalletFound(noWallet);
    issue.mutate();
    setMode('manual');
  };

  const start = () => {
    prove.reset();
    const [only, ...others] = wallets;
    if (!only) openManual(true);
    else if (others.length) setMode('choose');
    else verifyWith(only);
  };

  const failure = prove.error ? (prove.error instanceof WalletError ? prove.error.message : errorMessage(prove.error)) : null;
  return (
    <div className="flex flex-col gap-3">
      {proof === 'verified' ? null : (
        <>
          <p className="text-xs text-muted">
            {proof === 'exchange'
              ? t`Marked as an exchange deposit address. If it is a wallet you control, you can still verify it.`
              : t`Prove this address is yours: your wallet signs a message. It is not a transaction and costs nothing.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={start} loading={prove.isPending}>
              <ShieldCheck aria-hidden="true" /> <Trans>Verify with your wallet</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => openManual(false)} disabledFocusable={prove.isPending}>
              <Smartphone aria-hidden="true" /> <Trans>Sign in another wallet app</Trans>
            </Button>
            {proof === 'none' ? (
              <Button size="sm" variant="ghost" onClick={() => setExchangeOpen(true)} disabledFocusable={prove.isPending}>
                <Landmark aria-hidden="true" /> <Trans>This is an exchange deposit address</Trans>
              </Button>
            ) : null}
          </div>
        </>
      )}
      <p role="status" className={cn('text-sm', step ? 'text-foreground' : 'sr-only')}>
        {step ? stepText(step.step, step.wallet) : ''}
      </p>
      {failure && mode === 'idle' ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{failure}</span>
        </p>
      ) : null}
      {mode === 'choose' ? <WalletChooser wallets={wallets} onChoose={verifyWith} onCancel={() => setMode('idle')} /> : null}
      {mode === 'manual' ? (
        <ManualProof address={address} issue={issue} onNewMessage={() => issue.mutate()} noWalletFound={noWalletFound} onClose={() => setMode('idle')} />
      ) : null}
      {exchangeOpen ? <ExchangeDialog address={address} holdHours={exchangeHoldHours} onClose={() => setExchangeOpen(false)} /> : null}
    </div>
  );
}

function provenText(address: string): string {
  const short = shortenAddress(address);
  return i18n._(msg`${short} is proven to be yours.`);
}

function stepText(step: Step, wallet: string): string {
  if (step === 'connect') return i18n._(msg`Connecting to ${wallet}… Approve the connection in ${wallet}.`);
  if (step === 'sign') return i18n._(msg`Sign the message in ${wallet}. It is not a transaction and costs nothing.`);
  return i18n._(msg`Checking the signature…`);
}

function wrongAccountMessage(wallet: string, accounts: readonly string[], address: string): string {
  const connected = accounts[0];
  if (!connected) return i18n._(msg`${wallet} did not share an account. Unlock ${wallet}, then try again.`);
  const using = shortenAddress(connected);
  const saved = shortenAddress(address);
  return i18n._(
    msg`${wallet} is using ${using}, not your saved address ${saved}. Switch to that account in ${wallet} and try again, or change the saved address.`,
  );
}

/** Several wallets in this browser: the person picks the one that holds the address. */
function WalletChooser({
  wallets,
  onChoose,
  onCancel,
}: {
  wallets: readonly InjectedWallet[];
  onChoose: (wallet: InjectedWallet) => void;
  onCancel: () => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby="wallet-chooser-heading" className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <h3 id="wallet-chooser-heading" ref={heading} className="text-sm font-semibold outline-none">
        <Trans>Which wallet holds this address?</Trans>
      </h3>
      <ul className="flex flex-col gap-2">
        {wallets.map((wallet) => (
          <li key={wallet.id}>
            <Button variant="outline" className="w-full justify-start" onClick={() => onChoose(wallet)}>
              {wallet.icon ? <img src={wallet.icon} alt="" className="size-5 rounded" /> : <WalletIcon aria-hidden="true" />}
              {wallet.name}
            </Button>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="ghost" className="self-start" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
    </section>
  );
}

/** The pasted signature, checked as the server checks it. */
const ZSignatureForm = ZWalletProofInput.pick({ signature: true });

/**
 * The copy-and-paste way (a phone's browser has no wallet in it): the server's message, to paste
 * into any wallet app's 'Sign message', and a field for the signature it gives back.
 */
function ManualProof({
  address,
  issue,
  onNewMessage,
  noWalletFound,
  onClose,
}: {
  address: string;
  issue: ReturnType<typeof useProofMessage>;
  onNewMessage: () => void;
  noWalletFound: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const submit = useSubmitProof();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [copied, setCopied] = useState(false);
  const messageId = useId();
  const form = useForm({ resolver: zodResolver(ZSignatureForm), defaultValues: { signature: '' } });
  const message = issue.data?.message ?? null;
  const shortAddress = shortenAddress(address);

  const copy = async () => {
    if (!message) return;
    try {
      await navigator.clipboard.writeText(message);
      setCopied(true);
    } catch {
      // No clipboard (an older browser, a refused permission): the text is selected for the person to copy.
      const area = document.getElementById(messageId);
      if (area instanceof HTMLTextAreaElement) {
        area.focus();
        area.select();
      }
      notify.error(t`Copy Failed`, t`The message is selected: copy it with your device’s own Copy.`);
    }
  };

  const newMessage = () => {
    setCopied(false);
    form.reset({ signature: '' });
    submit.reset();
    onNewMessage();
  };

  const send = ({ signature }: z.output<typeof ZSignatureForm>) => {
    if (!message) return;
    submit.mutate(
      { message, signature },
      {
        onSuccess: () => {
          notify.success(t`Wallet Verified`, provenText(address));
          onClose();
        },
        onError: (error) => {
          // A refusal (another address, a used or expired message, a signature that does not match) belongs under the field.
          if (error instanceof ApiError && error.status < 500 && error.text)
            form.setError('signature', { type: 'server', message: error.text });
          else notify.error(t`Verification Failed`, errorMessage(error));
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${messageId}-heading`} className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <div className="flex items-start justify-between gap-2">
        <h3 id={`${messageId}-heading`} ref={heading} className="text-sm font-semibold outline-none">
          <Trans>Sign in another wallet app</Trans>
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label={t`Close: sign in another wallet app`}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {noWalletFound ? (
        <p className="text-sm text-muted">
          <Trans>No wallet was found in this browser. Any wallet app that holds this address can sign the message instead.</Trans>
        </p>
      ) : null}
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
        <li>
          <Trans>Copy the message below.</Trans>
        </li>
        <li>
          <Trans>
            In your wallet app, open ‘Sign message’ (often in the account’s menu or under Settings), choose the account{' '}
            <span className="break-all font-mono">{shortAddress}</span>, paste the message and sign it.
          </Trans>
        </li>
        <li>
          <Trans>Paste the signature the app gives back, then press ‘Verify signature’. The message is valid for 10 minutes.</Trans>
        </li>
      </ol>
      {issue.isError ? (
        <IssueFailure error={issue.error} onRetry={newMessage} />
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={messageId} className="text-sm font-medium">
              <Trans>Message to sign</Trans>
            </label>
            <Textarea
              id={messageId}
              readOnly
              value={message ?? t`Preparing the message…`}
              aria-busy={!message}
              rows={9}
              className="min-h-40 font-mono text-xs"
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" variant="outline" onClick={() => void copy()} disabledFocusable={!message}>
                {copied ? <Check aria-hidden="true" /> : <ClipboardCopy aria-hidden="true" />} <Trans>Copy message</Trans>
              </Button>
              <span role="status" className="text-xs text-muted">
                {copied ? t`Copied.` : ''}
              </span>
            </div>
          </div>
          <Form form={form} onSubmit={send} className="flex flex-col gap-3" aria-label={t`Verify signature`}>
            <FormField name="signature" label={t`Signature`} hint={t`0x followed by the hexadecimal characters your wallet app shows.`} required>
              <Textarea rows={3} className="min-h-20 break-all font-mono text-xs" spellCheck={false} autoComplete="off" placeholder="0x…" />
            </FormField>
            <div className="flex flex-wrap gap-2 sm:justify-end">
              <Button size="sm" variant="outline" onClick={newMessage} disabledFocusable={issue.isPending || submit.isPending}>
                <Trans>New message</Trans>
              </Button>
              <Button type="submit" size="sm" loading={submit.isPending} disabledFocusable={!message}>
                <PenLine aria-hidden="true" /> <Trans>Verify signature</Trans>
              </Button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

function IssueFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
      <p>
        <Trans>The message could not be prepared.</Trans> {errorMessage(error)}
      </p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

const ZExchangeForm = z.object({ acknowledged: z.boolean().refine((value) => value, { error: () => i18n._(msg`Tick the box to confirm you understand.`) }) });

/** 'This is an exchange deposit address': the warning, then the person's explicit acknowledgement. */
function ExchangeDialog({ address, holdHours, onClose }: { address: string; holdHours: number; onClose: () => void }) {
  const { t } = useLingui();
  const mark = useMarkExchange();
  const form = useForm({ resolver: zodResolver(ZExchangeForm), defaultValues: { acknowledged: false } });
  const acknowledged = form.watch('acknowledged');
  const submit = () =>
    mark.mutate(undefined, {
      onSuccess: () => {
        const short = shortenAddress(address);
        notify.success(t`Exchange Address Noted`, t`${short} is marked as an exchange deposit address.`);
        onClose();
      },
      onError: (error) => notify.error(t`Update Failed`, errorMessage(error)),
    });
  return (
    <ModalDialog onClose={onClose} title={t`This is an exchange deposit address`} description={<span className="break-all font-mono">{address}</span>}>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label={t`Confirm exchange deposit address`}>
        <Warning>
          <p>
            <Trans>
              An exchange deposit address belongs to the exchange, not to you: it cannot sign a message, so it <strong>cannot be verified</strong>.
            </Trans>
          </p>
          <p>
            <Trans>
              Your <strong>first withdrawal to it waits {holdHours} hours</strong> before it can be paid, so there is time to notice if someone else changed
              your address. Make sure the exchange accepts USDT on BNB Smart Chain (BEP20) at this address: money sent on another network may be lost.
            </Trans>
          </p>
        </Warning>
        <FormFieldset name="acknowledged" legend={t`Your confirmation`} required>
          <label className="flex cursor-pointer items-start gap-2.5 text-sm">
            <Checkbox
              checked={acknowledged}
              onCheckedChange={(value) => form.setValue('acknowledged', value === true, { shouldValidate: form.formState.isSubmitted })}
              className="mt-0.5"
            />
            <span>
              <Trans>I understand that this address cannot be verified and that my first withdrawal to it waits {holdHours} hours.</Trans>
            </span>
          </label>
        </FormFieldset>
        <DialogActions onCancel={onClose} className="mt-0">
          <Button type="submit" loading={mark.isPending}>
            <Landmark aria-hidden="true" /> <Trans>Confirm exchange address</Trans>
          </Button>
        </DialogActions>
      </Form>
    </ModalDialog>
  );
}

function Warning({ children }: { children: ReactNode }) {
  return (
    <div role="note" className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
      <div className="flex flex-col gap-2">{children}</div>
    </div>
  );
}
