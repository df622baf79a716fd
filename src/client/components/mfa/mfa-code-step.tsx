import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TSignedInUser } from '../../../shared/schemas/auth.ts';
import { ZMfaCodeInput } from '../../../shared/schemas/mfa.ts';
import { completeMfaSignIn } from '../../api/mfa.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from '../ui/field.tsx';
import { Form, FormField } from '../ui/form.tsx';
import { Input } from '../ui/input.tsx';

/** The second step of a sign-in with two-factor authentication (the half session is in the cookie). */
export function MfaCodeStep({ onSignedIn, onExpired }: { onSignedIn: (user: TSignedInUser) => void; onExpired: (message: string) => void }) {
  const { t } = useLingui();
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZMfaCodeInput), defaultValues: { code: '' } });
  const mutation = useMutation({
    mutationFn: (code: string) => completeMfaSignIn(code),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return onExpired(errorMessage(error));
      setFailure(errorMessage(error, t`That code could not be checked. Please try again.`));
      form.setFocus('code');
    },
  });
  return (
    <Form
      form={form}
      onSubmit={(values) => (setFailure(null), mutation.mutate(values.code))}
      className="flex flex-col gap-4"
      aria-label={t`Two-factor authentication`}
    >
      <p className="text-sm text-muted">
        {recovery ? t`Enter one of your recovery codes. Each works once.` : t`Enter the 6-digit code from your authenticator app.`}
      </p>
      <FormField name="code" label={recovery ? t`Recovery code` : t`Authentication code`} required>
        <Input autoFocus autoComplete="one-time-code" inputMode={recovery ? 'text' : 'numeric'} placeholder={recovery ? 'ABCDE-FGHIJ' : '123456'} />
      </FormField>
      {failure ? <FieldError>{failure}</FieldError> : null}
      <Button type="submit" size="lg" className="w-full" loading={mutation.isPending || mutation.isSuccess}>
        <Trans>Verify</Trans>
      </Button>
      <Button type="button" variant="link" onClick={() => (setRecovery(!recovery), setFailure(null), form.reset({ code: '' }))}>
        {recovery ? t`Use a code from the app` : t`Use a recovery code`}
      </Button>
    </Form>
  );
}
