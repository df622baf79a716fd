import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Redirect } from 'wouter';
import { ZLoginInput, type TLoginInput } from '../../../../shared/schemas/auth.ts';
import { useAuth } from '../../../app/auth.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { AuthCard } from '../components/auth-card.tsx';

export function LoginPage() {
  const { user, isLoading, loginMutation } = useAuth();
  const form = useForm<TLoginInput>({ resolver: zodResolver(ZLoginInput), defaultValues: { email: '', password: '' } });
  const errors = form.formState.errors;

  if (isLoading) return <FullPageSpinner />;
  // Already signed in: admins to the console, everyone else to the dashboard.
  if (user) return <Redirect to={user.isAdmin || user.isSuperAdmin ? '/admin' : '/dashboard'} replace />;

  const onSubmit = form.handleSubmit((values) => loginMutation.mutate(values));

  return (
    <PublicLayout footer={false}>
      <AuthCard icon={<LogIn aria-hidden="true" />} title="Ambassador Login" description="Sign in to report your activity and follow your rewards.">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Ambassador Login">
          <Field label="Email" required error={errors.email?.message}>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
          </Field>
          <Field label="Password" required error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </Field>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={loginMutation.isPending}>
            {loginMutation.isPending ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" /> Logging in...
              </>
            ) : (
              'Login'
            )}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted">
          Not an ambassador yet?{' '}
          <Link href="/apply" className="font-semibold text-gold hover:underline">
            Apply to join the program
          </Link>
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
