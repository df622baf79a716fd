import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { CheckCircle2, KeyRound, Link2Off } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'wouter';
import { SETUP_LINK_VALID_HOURS, SETUP_REDIRECT_SECONDS, SUPPORT_EMAIL } from '../../../../shared/limits.ts';
import { ZSetupPasswordForm } from '../../../../shared/schemas/auth.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle, useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { cn } from '../../../lib/utils.ts';
import { useSetupLinkStatus } from '../api/setup-link-status.ts';
import { useSetupPassword } from '../api/setup-password.ts';
import { AuthCard } from '../../../components/centered-card.tsx';

export function SetupPasswordPage() {
  const params = useParams<{ token: string }>();
  const token = params.token ?? '';
  const [, navigate] = useLocation();
  const { t } = useLingui();
  // A dead link (used, replaced or expired) says so at once, instead of a form that cannot work.
  const status = useSetupLinkStatus(token);
  const mutation = useSetupPassword(token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZSetupPasswordForm), defaultValues: { password: '', confirmPassword: '' } });
  useFocusAfterSwap(mutation.isSuccess);
  // A forgotten password's link replaces the account's password: the page says it is a reset.
  const reset = status.data?.purpose === 'reset';
  const title = reset ? t`Reset Your Password` : t`Create Your Password`;
  useDocumentTitle(title);

  useEffect(() => {
    if (!mutation.isSuccess) return;
    // Not signed in yet (setting a password ends every session): the sign-in, which then lands on
    // the role's page (the dashboard, or the console for an admin), not the home page.
    const timer = window.setTimeout(() => navigate('/auth'), SETUP_REDIRECT_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  const submit = ({ password }: { password: string }) => {
    setFailure(null);
    mutation.mutate(
      { password },
      {
        onError: (error) =>
          setFailure(
            (error instanceof ApiError && error.status < 500 ? error.text : null) ??
              t`Failed to set password`,
          ),
      },
    );
  };

  return (
    <PublicLayout footer={false}>
      {mutation.isSuccess ? (
        <AuthCard icon={<CheckCircle2 aria-hidden="true" />} title={t`Password Set Successfully!`}>
          <div className="flex flex-col items-center gap-4 text-center" role="status">
            <p className="text-muted">
              <Trans>You can now log in with your email and new password. Taking you to the login page in {SETUP_REDIRECT_SECONDS} seconds...</Trans>
            </p>
            <Link href="/auth" className="font-semibold text-gold hover:underline">
              <Trans>Go to login</Trans>
            </Link>
          </div>
        </AuthCard>
      ) : status.isLoading ? (
        <FullPageSpinner label={t`Checking your link...`} />
      ) : status.data && status.data.status !== 'valid' ? (
        <DeadLink />
      ) : (
        <AuthCard
          icon={<KeyRound aria-hidden="true" />}
          title={title}
          description={reset ? t`Choose a new password to log in with.` : t`Choose the password you will use to log in.`}
        >
          <Form form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label={reset ? t`Reset your password` : t`Create your password`}>
            <FormField name="password" label={t`Password`} required>
              <Input type="password" autoComplete="new-password" />
            </FormField>
            <FormField name="confirmPassword" label={t`Confirm Password`} required>
              <Input type="password" autoComplete="new-password" />
            </FormField>
            {failure ? <FieldError>{failure}</FieldError> : null}
            <Button type="submit" size="lg" className="mt-2 w-full" loading={mutation.isPending}>
              {mutation.isPending ? <Trans>Creating...</Trans> : <Trans>Create Password</Trans>}
            </Button>
            <p className="text-center text-xs text-muted">
              <Trans>
                This link is valid for {validFor(status.data?.secondsLeft ?? null)}. If it has expired, contact support at{' '}
                <a className="text-gold underline underline-offset-2 hover:text-gold-strong" href={`mailto:${SUPPORT_EMAIL}`}>
                  {SUPPORT_EMAIL}
                </a>
                .
              </Trans>
            </p>
          </Form>
        </AuthCard>
      )}
    </PublicLayout>
  );
}

/**
 * How long this link has left, by the server's clock: to the nearest hour ('48 hours' for a setup
 * link just sent, '1 hour' for a forgotten password's), or in minutes in its last hour. Before the
 * answer (or without one), the setup link's lifetime.
 */
function validFor(secondsLeft: number | null): string {
  const hours = secondsLeft === null ? SETUP_LINK_VALID_HOURS : Math.max(1, Math.round(secondsLeft / 3600));
  if (secondsLeft === null || secondsLeft >= 59 * 60) return plural(hours, { one: '# hour', other: '# hours' });
  return plural(Math.max(1, Math.ceil(secondsLeft / 60)), { one: '# minute', other: '# minutes' });
}

/** A link that can no longer set a password, and the way to a new one. */
function DeadLink() {
  const { t } = useLingui();
  return (
    <AuthCard icon={<Link2Off aria-hidden="true" />} title={t`This link has expired or was already used`}>
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="text-muted">
          <Trans>A password link works once, for a limited time. Ask for a new one and we will email it to you.</Trans>
        </p>
        <Link href="/forgot-password" className={cn(buttonVariants({ size: 'lg' }), 'w-full')}>
          <Trans>Get a new link</Trans>
        </Link>
        <Link href="/auth" className="text-sm font-semibold text-gold hover:underline">
          <Trans>Back to login</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
