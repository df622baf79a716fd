import { zodResolver } from '@hookform/resolvers/zod';
import { History, KeyRound, Loader2, Settings2, Trash2, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { formatDate, formatDateTime } from '../../../../shared/format.ts';
import { ACTIVITY_LOG_ENTRIES, MIN_PASSWORD_LENGTH } from '../../../../shared/limits.ts';
import { ZNewAdminInput, type TNewAdminInput } from '../../../../shared/schemas/admins.ts';
import type { AdminAccount } from '../../../api/types.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { notify } from '../../../lib/toast.ts';
import { useAddAdmin } from '../api/add-admin.ts';
import { useAdminActions } from '../api/get-actions.ts';
import { useAdmins } from '../api/get-admins.ts';
import { useAdminSettings } from '../api/get-settings.ts';
import { useRemoveAdmin } from '../api/remove-admin.ts';
import { useResetAdminPassword } from '../api/reset-admin-password.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { adminError } from './admin-error.ts';

export function SuperAdminTab() {
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <SettingsCard />
        <AddAdminCard />
      </div>
      <AdminAccountsCard />
      <ActivityLogCard />
    </div>
  );
}

function SettingsCard() {
  const settings = useAdminSettings(true);
  const update = useUpdateSettings();
  const enabled = settings.data?.reportSubmissionEnabled ?? false;
  const toggle = (next: boolean) =>
    update.mutate(
      { reportSubmissionEnabled: next },
      {
        onSuccess: () => notify.success('Settings Updated', next ? 'Report submission is enabled.' : 'Report submission is disabled.'),
        onError: adminError('Failed to update settings'),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2">
          <Settings2 className="size-5 text-gold" aria-hidden="true" /> System Settings
        </CardTitle>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <Spinner />
        ) : (
          <div className="flex items-center justify-between gap-4 rounded-xl border border-border p-4">
            <div>
              <label htmlFor="report-submission" className="font-semibold">
                Report Submission
              </label>
              <p id="report-submission-status" className="text-sm text-muted">
                {enabled ? 'Ambassadors can submit reports (one per day)' : 'Report submission is currently disabled'}
              </p>
            </div>
            <Switch id="report-submission" checked={enabled} onCheckedChange={toggle} disabled={update.isPending} aria-describedby="report-submission-status" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AddAdminCard() {
  const add = useAddAdmin();
  const form = useForm<TNewAdminInput>({ resolver: zodResolver(ZNewAdminInput), defaultValues: { email: '', fullName: '' } });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: () => {
        notify.success('Admin Added', `A password setup email was sent to ${input.email}.`);
        form.reset();
      },
      onError: adminError('Failed to add admin'),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2">
          <UserPlus className="size-5 text-gold" aria-hidden="true" /> Add New Admin
        </CardTitle>
        <CardDescription>The new admin receives an email to create a password.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Add New Admin">
          <Field label="Email" required error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </Field>
          <Field label="Full Name" required error={errors.fullName?.message}>
            <Input autoComplete="off" {...form.register('fullName')} />
          </Field>
          <Button type="submit" className="self-end" disabled={add.isPending}>
            {add.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />} Add Admin
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function AdminAccountsCard() {
  const admins = useAdmins(true);
  const [resetting, setResetting] = useState<AdminAccount | null>(null);
  const [removing, setRemoving] = useState<AdminAccount | null>(null);
  const list = admins.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin Accounts</CardTitle>
      </CardHeader>
      <CardContent>
        {admins.isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState title="No admin accounts" />
        ) : (
          <Table aria-label="Admin Accounts">
            <THead>
              <tr>
                <TH>Name</TH>
                <TH>Email / Username</TH>
                <TH>Role</TH>
                <TH>Created</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </tr>
            </THead>
            <TBody>
              {list.map((admin) => (
                <TR key={admin.id}>
                  <TD className="font-semibold">{admin.fullName ?? '-'}</TD>
                  <TD className="text-muted">{admin.email || admin.username}</TD>
                  <TD>{admin.isSuperAdmin ? <Badge>Super Admin</Badge> : <Badge variant="secondary">Admin</Badge>}</TD>
                  <TD className="text-muted">{formatDate(admin.createdAt)}</TD>
                  <TD>
                    {admin.isSuperAdmin ? null : (
                      <div className="flex gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setResetting(admin)}
                          aria-label={`Reset password of ${admin.fullName ?? admin.email}`}
                        >
                          <KeyRound aria-hidden="true" /> Reset Password
                        </Button>
                        <Button variant="destructive" size="sm" onClick={() => setRemoving(admin)} aria-label={`Remove ${admin.fullName ?? admin.email}`}>
                          <Trash2 aria-hidden="true" /> Remove
                        </Button>
                      </div>
                    )}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
      {resetting ? <ResetPasswordDialog admin={resetting} onClose={() => setResetting(null)} /> : null}
      {removing ? <RemoveAdminDialog admin={removing} onClose={() => setRemoving(null)} /> : null}
    </Card>
  );
}

function ResetPasswordDialog({ admin, onClose }: { admin: AdminAccount; onClose: () => void }) {
  const reset = useResetAdminPassword();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return;
    reset.mutate(
      { id: admin.id, newPassword: password },
      {
        onSuccess: () => {
          notify.success('Password Updated', `${admin.fullName ?? admin.email} can now sign in with the new password.`);
          onClose();
        },
        onError: adminError('Failed to update password'),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Reset Password" description={`Set a new password for ${admin.fullName ?? admin.email}.`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Reset Password">
          <Field label="New Password">
            <Input
              type="password"
              autoComplete="new-password"
              placeholder="Enter new password (min 6 characters)"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <DialogFooter className="mt-0">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={password.length < MIN_PASSWORD_LENGTH || reset.isPending}>
              {reset.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null} Update Password
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemoveAdminDialog({ admin, onClose }: { admin: AdminAccount; onClose: () => void }) {
  const remove = useRemoveAdmin();
  const confirm = () =>
    remove.mutate(admin.id, {
      onSuccess: () => {
        notify.success('Admin Removed', `${admin.fullName ?? admin.email} no longer has access.`);
        onClose();
      },
      onError: adminError('Failed to remove admin'),
    });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Remove Admin" description={`${admin.fullName ?? admin.email} will lose access to the admin console and be signed out.`}>
        <DialogFooter className="mt-0">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />} Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ActivityLogCard() {
  const actions = useAdminActions(true);
  const list = actions.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2">
          <History className="size-5 text-gold" aria-hidden="true" /> Admin Activity Log
        </CardTitle>
        <CardDescription>The latest {ACTIVITY_LOG_ENTRIES} actions.</CardDescription>
      </CardHeader>
      <CardContent>
        {actions.isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState title="No admin activity yet" />
        ) : (
          <Table aria-label="Admin Activity Log">
            <THead>
              <tr>
                <TH>Date</TH>
                <TH>Admin</TH>
                <TH>Action</TH>
                <TH>Details</TH>
              </tr>
            </THead>
            <TBody>
              {list.slice(0, ACTIVITY_LOG_ENTRIES).map((entry) => (
                <TR key={entry.id}>
                  <TD className="text-muted">{formatDateTime(entry.createdAt)}</TD>
                  <TD>{entry.adminEmail}</TD>
                  <TD>
                    <Badge variant="secondary">{entry.action}</Badge>
                  </TD>
                  <TD className="max-w-md whitespace-normal text-muted">{entry.details ?? '-'}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
