import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZSuperAdminLoginInput, type TSuperAdminLoginInput } from '../../../../shared/schemas/auth.ts';
import { AUTH_MESSAGES } from '../../../../shared/schemas/messages.ts';
import { Logo } from '../../../components/layout/logo.tsx';
import { SkipLink } from '../../../components/layout/skip-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { focusHeadingAfterReload, useDocumentTitle, useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { sessionHasEnded } from '../../../lib/session-hint.ts';
import { notify } from '../../../lib/toast.ts';
import { needsSecondFactor } from '../../../api/mfa.ts';
import { MfaCodeStep } from '../../../components/mfa/mfa-code-step.tsx';
import { useSuperAdminLogin } from '../api/super-admin-login.ts';
import { AuthCard } from '../../../components/centered-card.tsx';
import { translatedMessage } from '../../../i18n/api-messages.ts';

/** Served only at the secret SUPER_ADMIN_LOGIN_PATH (see app/page-mode.ts). */
export function SuperAdminLoginPage() {
  const mutation = useSuperAdminLogin();
  const { t } = useLingui();
  useDocumentTitle(t`Restricted Access`);
  const [failure, setFailure] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState(false);
  // Sent back here because the session ended: say so, as the ambassador sign-in does.
  const [ended] = useState(sessionHasEnded);
  // Back from the code step (it expired) to the form: its heading takes the focus.
  useFocusAfterSwap(secondStep);
  const toConsole = () => {
    // A full page load, so the console starts from the new session; the toast shows there.
    notify.afterReload('success', t`Login Successful`, t`Welcome, Super Admin`);
    // There, the console's heading takes the focus, as after any sign-in.
    focusHeadingAfterReload();
    window.location.href = '/admin';
  };
  const form = useForm({
    resolver: zodResolver(ZSuperAdminLoginInput),
    defaultValues: { email: '', password: '', superAdminSecret: '' },
  });

  const submit = (values: TSuperAdminLoginInput) => {
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: (result) => (needsSecondFactor(result) ? setSecondStep(true) : toConsole()),
      onError: (error) => {
        const refusal = error instanceof ApiError && error.status < 500 && error.text ? errorMessage(error) : null;
        // Said under the form (role="alert"); the spec's toast shows it too, silently, so it is heard once.
        notify.error(t`Login Failed`, refusal ?? translatedMessage(AUTH_MESSAGES.invalidSuperAdmin), { silent: true });
        setFailure(refusal ?? t`Super admin login failed`);
      },
    });
  };

  return (
    <div className="min-h-screen">
      <SkipLink />
      <header className="border-b border-border/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <Logo />
        </div>
      </header>
      <main id="main">
        <AuthCard
          icon={<ShieldAlert aria-hidden="true" />}
          title={t`Restricted Access Only`}
          description={t`Super administrators only. Every attempt is logged.`}
        >
          {secondStep ? (
            <MfaCodeStep onSignedIn={toConsole} onExpired={(message) => (setSecondStep(false), setFailure(message), mutation.reset())} />
          ) : (
            <Form form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label={t`Super admin login`}>
              {ended ? (
                <p role="status" className="rounded-lg border border-gold/40 bg-gold/10 px-4 py-3 text-sm">
                  <Trans>Your session has ended. Please sign in again.</Trans>
                </p>
              ) : null}
              <FormField name="email" label={t`Email`} required>
                <Input type="email" autoComplete="username" />
              </FormField>
              <FormField name="password" label={t`Password`} required>
                <Input type="password" autoComplete="current-password" />
              </FormField>
              <FormField name="superAdminSecret" label={t`Super Admin Secret`} required>
                <Input type="password" autoComplete="off" />
              </FormField>
              {failure ? <FieldError>{failure}</FieldError> : null}
              {/* After success the page is replaced by /admin: the button stays busy until then. */}
              <Button type="submit" size="lg" className="mt-2 w-full" loading={mutation.isPending || (mutation.isSuccess && !secondStep)}>
                {mutation.isPending ? t`Signing in...` : t`Sign In`}
              </Button>
            </Form>
          )}
        </AuthCard>
      </main>
    </div>
  );
}
