import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZMfaCodeInput } from '../../../shared/schemas/mfa.ts';
import { disableMfa, regenerateRecoveryCodes, startMfaEnrollment, useMfaStatus, verifyMfaEnrollment } from '../../api/mfa.ts';
import { errorMessage } from '../../lib/api.ts';
import { useFocusAfterSwap } from '../../lib/page-focus.ts';
import { QueryError } from '../query-state.tsx';
import { notify } from '../../lib/toast.ts';
import { Button, buttonVariants } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';
import { FieldError } from '../ui/field.tsx';
import { Form, FormField } from '../ui/form.tsx';
import { Input } from '../ui/input.tsx';

/** A code field and a button, for every step that asks for a code. */
function CodeForm({
  label,
  action,
  pending,
  onCode,
  failure,
}: {
  label: string;
  action: string;
  pending: boolean;
  onCode: (code: string) => void;
  failure: string | null;
}) {
  const form = useForm({ resolver: zodResolver(ZMfaCodeInput), defaultValues: { code: '' } });
  return (
    <Form form={form} onSubmit={(values) => onCode(values.code)} className="flex flex-col gap-3 sm:max-w-sm" aria-label={action}>
      <FormField name="code" label={label} required>
        <Input autoComplete="one-time-code" inputMode="numeric" placeholder="123456" />
      </FormField>
      {failure ? <FieldError>{failure}</FieldError> : null}
      <Button type="submit" loading={pending}>
        {action}
      </Button>
    </Form>
  );
}

/** The QR code of the key to scan, drawn in the browser (the qrcode package loads only here). */
function QrCode({ text }: { text: string }) {
  const { t } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) => qr.toDataURL(text, { margin: 1, width: 192 })).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img src={src} width={192} height={192} alt={t`QR code of your two-factor key: scan it with your authenticator app`} className="rounded bg-white p-2" />
  ) : null;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = codes.join('\n');
  return (
    <div className="flex flex-col gap-3">
      <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
        <Trans>Your recovery codes</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>Each code signs you in once if you lose your phone. They are shown only now: save them somewhere safe.</Trans>
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t`Recovery codes`}>
        {codes.map((code) => (
          <li key={code} className="rounded bg-surface-2 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => notify.success(t`Copied`, t`The recovery codes are on your clipboard.`))}
        >
          <Trans>Copy</Trans>
        </Button>
        <a className={buttonVariants({ variant: 'outline' })} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt">
          <Trans>Download</Trans>
        </a>
        <Button type="button" onClick={onDone}>
          <Trans>I have saved them</Trans>
        </Button>
      </div>
    </div>
  );
}

/**
 * The 'Two-factor authentication' section: turn on (scan, verify, save the recovery codes), new
 * recovery codes, turn off where allowed. `onEnabled` runs once it is on (the console reloads).
 */
export function MfaSettings({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useLingui();
  const status = useMfaStatus();
  const [failure, setFailure] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const enroll = useMutation({ mutationFn: startMfaEnrollment, onError: (e) => setFailure(errorMessage(e)) });
  // The codes are shown from the answer at once; the reads it names (the account's `me`, the desk's `admins`) follow (api/mfa.ts).
  const verify = useMutation({
    mutationFn: verifyMfaEnrollment,
    onSuccess: (result) => (setFailure(null), setCodes(result.recoveryCodes), enroll.reset()),
    onError: (e) => setFailure(errorMessage(e)),
  });
  const regenerate = useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: (result) => (setFailure(null), setCodes(result.recoveryCodes)),
    onError: (e) => setFailure(errorMessage(e)),
  });
  const disable = useMutation({
    mutationFn: disableMfa,
    onSuccess: () => (setFailure(null), notify.success(t`Two-factor authentication is off`)),
    onError: (e) => setFailure(errorMessage(e)),
  });
  const info = status.data;
  const codesLeft = info?.recoveryCodesLeft ?? 0;
  // Each step replaces the last and the button pressed: the new step's field, or the heading, takes the focus.
  const card = useRef<HTMLElement>(null);
  const stage = codes ? 'codes' : !info ? (status.isError ? 'failed' : 'loading') : info.enabled ? 'on' : enroll.data ? 'enrolling' : 'off';
  useFocusAfterSwap(stage, { container: card, prefer: stage === 'enrolling' ? 'field' : 'heading' });
  return (
    <Card ref={card}>
      <CardContent className="flex flex-col gap-4 p-6">
        <h2 className="text-xl font-bold">
          <Trans>Two-factor authentication</Trans>
        </h2>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => (setCodes(null), onEnabled?.())} />
        ) : !info ? (
          status.isError ? (
            <QueryError title={t`Two-factor authentication could not be loaded.`} query={status} compact />
          ) : (
            <p className="text-sm text-muted">
              <Trans>Loading…</Trans>
            </p>
          )
        ) : info.enabled ? (
          <>
            <p className="text-sm">
              <Trans>
                <strong>On.</strong> Signing in asks for a code from your authenticator app. {codesLeft} recovery codes left.
              </Trans>
            </p>
            <CodeForm
              label={t`Code from your app, for new recovery codes`}
              action={t`Make new recovery codes`}
              pending={regenerate.isPending}
              onCode={(c) => regenerate.mutate(c)}
              failure={null}
            />
            {info.required ? (
              <p className="text-sm text-muted">
                <Trans>Two-factor authentication is required for admins and cannot be turned off.</Trans>
              </p>
            ) : (
              <CodeForm
                label={t`Code from your app, to turn it off`}
                action={t`Turn off`}
                pending={disable.isPending}
                onCode={(c) => disable.mutate(c)}
                failure={null}
              />
            )}
            {failure ? <FieldError>{failure}</FieldError> : null}
          </>
        ) : enroll.data ? (
          <>
            <p className="text-sm">
              <Trans>
                Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the key by hand, then enter the code it shows.
              </Trans>
            </p>
            <QrCode text={enroll.data.otpauthUrl} />
            <p className="text-sm">
              <Trans>Key:</Trans>{' '}
              <code className="break-all font-mono" data-testid="mfa-secret">
                {enroll.data.secret}
              </code>
            </p>
            <CodeForm label={t`Code from your app`} action={t`Turn on`} pending={verify.isPending} onCode={(c) => verify.mutate(c)} failure={failure} />
          </>
        ) : (
          <>
            <p className="text-sm">
              {info.required ? (
                <>
                  <Trans>Admins must use two-factor authentication.</Trans>{' '}
                </>
              ) : null}
              <Trans>A code from an app on your phone, asked for at sign-in, keeps your account safe even if your password is stolen.</Trans>
            </p>
            {failure ? <FieldError>{failure}</FieldError> : null}
            <Button type="button" className="self-start" loading={enroll.isPending} onClick={() => enroll.mutate()}>
              <Trans>Turn on two-factor authentication</Trans>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
