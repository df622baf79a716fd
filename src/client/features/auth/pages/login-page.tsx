import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useSearch } from 'wouter';
import { safeNextPath } from '../../../../shared/pages.ts';
import { ZLoginInput } from '../../../../shared/schemas/auth.ts';
import { useAuth } from '../../../app/auth.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { needsSecondFactor } from '../../../api/mfa.ts';
import { MfaCodeStep } from '../../../components/mfa/mfa-code-step.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { sessionHasEnded } from '../../../lib/session-hint.ts';
import { AuthCard } from '../../../components/centered-card.tsx';

export function LoginPage() {
  const { t } = useLingui();
  const { user, isLoading, loginMutation, signedIn } = useAuth();
  const [expired, setExpired] = useState<string | null>(null);
  // A refused sign-in is said under the form (role="alert"), where it stays; the spec's toast shows it too, silently (app/auth.tsx).
  const [failure, setFailure] = useState<string | null>(null);
  // Sent here because a session ended elsewhere: say so, and go back where the person was.
  const [ended] = useState(sessionHasEnded);
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const secondStep = loginMutation.data && needsSecondFactor(loginMutation.data) && !expired;
  const form = useForm({ resolver: zodResolver(ZLoginInput), defaultValues: { email: '', password: '' } });
  // Back from the code step (it expired) to the form: its heading takes the focus.
  useFocusAfterSwap(Boolean(secondStep));

  if (isLoading) return <FullPageSpinner />;
  // Already signed in: admins to the console, everyone else to the dashboard.
  if (user) return <Redirect to={next ?? (user.isAdmin || user.isSuperAdmin ? '/admin' : '/dashboard')} replace />;

  return (
    <PublicLayout footer={false}>
      <AuthCard icon={<LogIn aria-hidden="true" />} title={t`Ambassador Login`} description={t`Sign in to report your activity and follow your rewards.`}>
        {secondStep ? (
          <MfaCodeStep onSignedIn={signedIn} onExpired={(message) => (setExpired(message), loginMutation.reset())} />
        ) : (
          <Form
            form={form}
            onSubmit={(values) => {
              setExpired(null);
              setFailure(null);
              loginMutation.mutate(values, { onError: (error) => setFailure(errorMessage(error)) });
            }}
            className="flex flex-col gap-4"
            aria-label={t`Ambassador Login`}
          >
            {ended && !expired ? (
              <p role="status" className="rounded-lg border border-gold/40 bg-gold/10 px-4 py-3 text-sm">
                <Trans>Your session has ended. Please sign in again.</Trans>
              </p>
            ) : null}
            {expired ? <FieldError>{expired}</FieldError> : null}
            <FormField name="email" label={t`Email`} required>
              <Input type="email" autoComplete="email" placeholder={t`you@example.com`} />
            </FormField>
            <FormField name="password" label={t`Password`} required>
              <Input type="password" autoComplete="current-password" />
            </FormField>
            <Link href="/forgot-password" className="-mt-2 self-end text-sm font-semibold text-gold hover:underline">
              <Trans>Forgot password?</Trans>
            </Link>
            {failure ? <FieldError>{failure}</FieldError> : null}
            <Button type="submit" size="lg" className="mt-2 w-full" loading={loginMutation.isPending}>
              {loginMutation.isPending ? <Trans>Logging in...</Trans> : <Trans>Login</Trans>}
            </Button>
          </Form>
        )}
        <p className="mt-6 text-center text-sm text-muted">
          <Trans>
            Not an ambassador yet?{' '}
            <Link href="/apply" className="font-semibold text-gold underline underline-offset-2 hover:text-gold-strong">
              Apply to join the program
            </Link>
          </Trans>
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
