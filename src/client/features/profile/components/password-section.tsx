import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/limits.ts';
import { ZChangePasswordForm } from '../../../../shared/schemas/auth.ts';
import { firstError, Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { EditButtons, SectionCard, type EditState } from './section-card.tsx';

type PasswordValues = z.input<typeof ZChangePasswordForm>;

/** Spec §5: the order of the change-password checks, each also an 'Error' toast. */
const PASSWORD_ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function PasswordSection({ mode, setMode }: EditState) {
  const { t } = useLingui();
  const change = useChangePassword();
  const editing = mode === 'password';
  const form = useForm({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const close = () => {
    form.reset();
    setMode('none');
  };
  const invalid = (errors: FieldErrors<PasswordValues>) => {
    const first = firstError(errors, PASSWORD_ORDER);
    if (first) notify.error(t`Error`, first.message);
  };
  const save = ({ currentPassword, newPassword }: z.output<typeof ZChangePasswordForm>) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          close();
          notify.success(t`Password Changed`, t`Your password has been updated successfully.`);
        },
        onError: (error) => notify.error(t`Password Change Failed`, errorMessage(error)),
      },
    );
  return (
    <SectionCard icon={<KeyRound />} title={t`Change Password`} editing={editing} onEdit={() => setMode('password')} editLabel={t`Edit password`}>
      {editing ? (
        <Form form={form} onSubmit={save} onInvalid={invalid} className="flex flex-col gap-4" aria-label={t`Change password`}>
          <FormField name="currentPassword" label={t`Current Password`} required>
            <Input type="password" autoComplete="current-password" />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="newPassword" label={t`New Password`} hint={t`Minimum ${MIN_PASSWORD_LENGTH} characters`} required>
              <Input type="password" autoComplete="new-password" />
            </FormField>
            <FormField name="confirmPassword" label={t`Confirm New Password`} required>
              <Input type="password" autoComplete="new-password" />
            </FormField>
          </div>
          <EditButtons pending={change.isPending} onCancel={close} saveLabel={t`Update Password`} />
        </Form>
      ) : (
        <p className="text-sm text-muted">
          <Trans>Keep your account safe with a strong password you do not use elsewhere.</Trans>
        </p>
      )}
    </SectionCard>
  );
}
