import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, KeyRound, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'wouter';
import { SETUP_LINK_VALID_HOURS, SETUP_REDIRECT_SECONDS, SUPPORT_EMAIL } from '../../../../shared/limits.ts';
import { ZSetupPasswordForm } from '../../../../shared/schemas/auth.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSetupPassword } from '../api/setup-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

interface SetupForm {
  password: string;
  confirmPassword: string;
}

export function SetupPasswordPage() {
  const params = useParams<{ token: string }>();
  const token = params.token ?? '';
  const [, navigate] = useLocation();
  const mutation = useSetupPassword(token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SetupForm>({ resolver: zodResolver(ZSetupPasswordForm), defaultValues: { password: '', confirmPassword: '' } });
  const errors = form.formState.errors;

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = window.setTimeout(() => navigate('/'), SETUP_REDIRECT_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  const onSubmit = form.handleSubmit(({ password }) => {
    setFailure(null);
    mutation.mutate(password, {
      onError: (error) => setFailure((error instanceof ApiError && error.status < 500 ? error.serverMessage : null) ?? 'Failed to set password'),
    });
  });

  return (
    <PublicLayout footer={false}>
      {mutation.isSuccess ? (
        <AuthCard icon={<CheckCircle2 aria-hidden="true" />} title="Password Set Successfully!">
          <div className="flex flex-col items-center gap-4 text-center" role="status">
            <p className="text-muted">
              You can now log in with your email and new password. Taking you to the home page in {SETUP_REDIRECT_SECONDS} seconds...
            </p>
            <Link href="/auth" className="font-semibold text-gold hover:underline">
              Go to login
            </Link>
          </div>
        </AuthCard>
      ) : (
        <AuthCard icon={<KeyRound aria-hidden="true" />} title="Create Your Password" description="Choose the password you will use to log in.">
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Create your password">
            <Field label="Password" required error={errors.password?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </Field>
            <Field label="Confirm Password" required error={errors.confirmPassword?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
            </Field>
            {failure ? <FieldError>{failure}</FieldError> : null}
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={mutation.isPending}>
              {mutation.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" /> Creating...
                </>
              ) : (
                'Create Password'
              )}
            </Button>
            <p className="text-center text-xs text-muted">
              This link is valid for {SETUP_LINK_VALID_HOURS} hours. If it has expired, contact support at{' '}
              <a className="text-gold hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>
              .
            </p>
          </form>
        </AuthCard>
      )}
    </PublicLayout>
  );
}
