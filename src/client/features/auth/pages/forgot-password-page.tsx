import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { MailCheck, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { FORGOT_PASSWORD_MESSAGE, ZForgotPasswordInput } from '../../../../shared/schemas/notifications.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Form, FormField, showServerErrors } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../../../components/centered-card.tsx';

/**
 * Forgot password (DECISIONS §5, Hearing back): the email of the account, then the server's answer,
 * which is the same whether or not there is an account (a link to set a new password, valid 1 hour,
 * goes to a known one). Too many requests: the server's message.
 */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const mutation = useForgotPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZForgotPasswordInput), defaultValues: { email: '' } });
  // 'Check your email' replaces the form, and 'Send another link' the other way round.
  useFocusAfterSwap(mutation.isSuccess);

  const submit = ({ email }: { email: string }) => {
    setFailure(null);
    mutation.mutate(
      { email },
      {
        onError: (error) => {
          // A refused address goes under the field; anything else (too many requests: 429) under the form.
          if (error instanceof ApiError && error.fieldErrors.some((e) => e.path === 'email')) return showServerErrors(form, error);
          setFailure(
            (error instanceof ApiError && error.status < 500 ? error.text : null) ??
              t`Something went wrong. Please try again in a moment.`,
          );
        },
      },
    );
  };

  return (
    <PublicLayout footer={false}>
      {mutation.isSuccess ? (
        <AuthCard icon={<MailCheck aria-hidden="true" />} title={t`Check Your Email`}>
          <div className="flex flex-col items-center gap-4 text-center">
            <p role="status" className="text-muted">
              {translatedMessage(FORGOT_PASSWORD_MESSAGE)}
            </p>
            <p className="text-sm text-muted">
              <Trans>No email after a few minutes? Look in your spam folder, or ask again.</Trans>
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <Button variant="outline" size="sm" onClick={() => mutation.reset()}>
                <Trans>Send another link</Trans>
              </Button>
              <Link href="/auth" className="inline-flex items-center text-sm font-semibold text-gold hover:underline">
                <Trans>Back to login</Trans>
              </Link>
            </div>
          </div>
        </AuthCard>
      ) : (
        <AuthCard
          icon={<KeyRound aria-hidden="true" />}
          title={t`Forgot Your Password?`}
          description={t`Enter the email you log in with and we will send you a link to set a new password.`}
        >
          <Form form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label={t`Forgot password`}>
            <FormField name="email" label={t`Email`} required>
              <Input type="email" autoComplete="email" placeholder={t`you@example.com`} />
            </FormField>
            {failure ? <FieldError>{failure}</FieldError> : null}
            <Button type="submit" size="lg" className="mt-2 w-full" loading={mutation.isPending}>
              {mutation.isPending ? <Trans>Sending...</Trans> : <Trans>Send Reset Link</Trans>}
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm text-muted">
            <Trans>
              Remembered it?{' '}
              <Link href="/auth" className="font-semibold text-gold underline underline-offset-2 hover:text-gold-strong">
                Back to login
              </Link>
            </Trans>
          </p>
        </AuthCard>
      )}
    </PublicLayout>
  );
}
