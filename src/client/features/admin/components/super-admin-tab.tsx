import { zodResolver } from '@hookform/resolvers/zod';
import { History, KeyRound, Settings2, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADMIN_ACTION_LABELS, ADMIN_ACTIONS } from '../../../../shared/enums.ts';
import { formatDate, formatDateTime } from '../../../../shared/format.ts';
import { ACTIVITY_LOG_ENTRIES } from '../../../../shared/limits.ts';
import { ZAdminPasswordInput, ZNewAdminInput } from '../../../../shared/schemas/admins.ts';
import type { TAdminAccount, TAdminActionView } from '../../../../shared/schemas/admins.ts';
import { useSettings } from '../../../api/settings.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useAddAdmin } from '../api/add-admin.ts';
import { resources } from '../../../api/resources.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useAdmins } from '../api/get-admins.ts';
import { useRemoveAdmin } from '../api/remove-admin.ts';
import { useResetAdminPassword } from '../api/reset-admin-password.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { adminOutcome } from './admin-error.ts';
import { AdminList } from './admin-list.tsx';
import { PrizesCard, SeasonsCard } from './seasons-card.tsx';
import { ServiceLevelsCard } from './service-levels-card.tsx';

export function SuperAdminTab() {
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <SettingsCard />
        <AddAdminCard />
      </div>
      <PrizesCard />
      <ServiceLevelsCard />
      <SeasonsCard />
      <AdminAccountsCard />
      <ActivityLogCard />
    </div>
  );
}

function SettingsCard() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const enabled = settings.data?.reportSubmissionEnabled ?? false;
  const toggle = (next: boolean) =>
    update.mutate(
      { reportSubmissionEnabled: next },
      adminOutcome({ title: 'Settings Updated', text: next ? 'Report submission is enabled.' : 'Report submission is disabled.' }, 'Failed to update settings'),
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2">
          <Settings2 className="size-5 text-gold" aria-hidden="true" /> System Settings
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={settings} failure="The settings could not be loaded." loading={<Spinner />} compact>
          {() => (
            <div className="flex items-center justify-between gap-4 rounded-xl border border-border p-4">
              <div>
                <label htmlFor="report-submission" className="font-semibold">
                  Report Submission
                </label>
                <p id="report-submission-status" className="text-sm text-muted">
                  {enabled ? 'Ambassadors can submit reports (one per day)' : 'Report submission is currently disabled'}
                </p>
              </div>
              <Switch
                id="report-submission"
                checked={enabled}
                onCheckedChange={toggle}
                pending={update.isPending}
                aria-describedby="report-submission-status"
              />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function AddAdminCard() {
  const add = useAddAdmin();
  const form = useForm({ resolver: zodResolver(ZNewAdminInput), defaultValues: { email: '', fullName: '' } });
  const submit = (input: z.output<typeof ZNewAdminInput>) =>
    add.mutate(
      input,
      adminOutcome({ title: 'Admin Added', text: `A password setup email was sent to ${input.email}.` }, 'Failed to add admin', () => form.reset()),
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
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label="Add New Admin">
          <FormField name="email" label="Email" required>
            <Input type="email" autoComplete="off" />
          </FormField>
          <FormField name="fullName" label="Full Name" required>
            <Input autoComplete="off" />
          </FormField>
          <Button type="submit" className="self-end" loading={add.isPending}>
            <UserPlus aria-hidden="true" /> Add Admin
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

const adminName = (admin: TAdminAccount) => admin.fullName ?? admin.email;

function AdminAccountsCard() {
  const admins = useAdmins(true);
  const [resetting, setResetting] = useState<TAdminAccount | null>(null);
  const [removing, setRemoving] = useState<TAdminAccount | null>(null);
  const columns = (): Array<Column<TAdminAccount>> => [
    { header: 'Name', cell: (admin) => admin.fullName ?? '-', className: 'font-semibold', card: 'title' },
    { header: 'Email / Username', cell: (admin) => <span className="break-all text-muted">{admin.email || admin.username}</span>, card: 'title' },
    { header: 'Role', cell: (admin) => (admin.isSuperAdmin ? <Badge>Super Admin</Badge> : <Badge variant="secondary">Admin</Badge>) },
    { header: 'Created', cell: (admin) => <span className="text-muted">{formatDate(admin.createdAt)}</span> },
    // Spec §2: a super admin account has no actions.
    actionsColumn('Actions', (admin) =>
      admin.isSuperAdmin ? null : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setResetting(admin)} aria-label={`Reset password of ${adminName(admin)}`}>
            <KeyRound aria-hidden="true" /> Reset Password
          </Button>
          <Button variant="destructive" size="sm" onClick={() => setRemoving(admin)} aria-label={`Remove ${adminName(admin)}`}>
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        </div>
      ),
    ),
  ];
  return (
    <>
      <AdminList title="Admin Accounts" list={{ query: admins, items: admins.data ?? [] }} columns={columns} emptyText="No admin accounts" />
      {resetting ? <ResetPasswordDialog admin={resetting} onClose={() => setResetting(null)} /> : null}
      {removing ? <RemoveAdminDialog admin={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}

function ResetPasswordDialog({ admin, onClose }: { admin: TAdminAccount; onClose: () => void }) {
  const reset = useResetAdminPassword();
  const form = useForm({ resolver: zodResolver(ZAdminPasswordInput), defaultValues: { newPassword: '' } });
  // Spec §5: the button stays disabled until the shared schema takes the password.
  const acceptable = ZAdminPasswordInput.safeParse(form.watch()).success;
  const submit = (input: z.output<typeof ZAdminPasswordInput>) =>
    reset.mutate(
      { id: admin.id, input },
      adminOutcome({ title: 'Password Updated', text: `${adminName(admin)} can now sign in with the new password.` }, 'Failed to update password', onClose),
    );
  return (
    <ModalDialog onClose={onClose} title="Reset Password" description={`Set a new password for ${adminName(admin)}.`}>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label="Reset Password">
        <FormField name="newPassword" label="New Password" required>
          <Input type="password" autoComplete="new-password" placeholder="Enter new password (min 6 characters)" />
        </FormField>
        <DialogFooter className="mt-0">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!acceptable} loading={reset.isPending}>
            Update Password
          </Button>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}

function RemoveAdminDialog({ admin, onClose }: { admin: TAdminAccount; onClose: () => void }) {
  const remove = useRemoveAdmin();
  const confirm = () =>
    remove.mutate(admin.id, adminOutcome({ title: 'Admin Removed', text: `${adminName(admin)} no longer has access.` }, 'Failed to remove admin', onClose));
  return (
    <ModalDialog onClose={onClose} title="Remove Admin" description={`${adminName(admin)} will lose access to the admin console and be signed out.`}>
      <DialogFooter className="mt-0">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={confirm} loading={remove.isPending}>
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}

/** The words for a logged action (enums.ts); an action this client does not know yet is shown as recorded. */
function actionLabel(action: string): string {
  return Object.hasOwn(ADMIN_ACTION_LABELS, action) ? ADMIN_ACTION_LABELS[action as keyof typeof ADMIN_ACTION_LABELS] : action;
}

/** What an edit changed, as 'field: before -> after' lines. */
function Changes({ changes }: { changes: TAdminActionView['changes'] }) {
  if (!changes) return null;
  const shown = (value: unknown) =>
    value === null || value === undefined || value === '' ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs" aria-label="Changes">
      {Object.entries(changes).map(([field, [before, after]]) => (
        <li key={field} className="break-all">
          <span className="font-semibold text-foreground">{field}</span>: <span className="line-through decoration-danger/60">{shown(before)}</span>{' '}
          <span aria-hidden="true">→</span>
          <span className="sr-only">changed to</span> <span className="text-foreground">{shown(after)}</span>
        </li>
      ))}
    </ul>
  );
}

function ActivityLogCard() {
  const list = useAdminList(resources.activityLog, {
    filter: ADMIN_ACTIONS,
    filterLabels: ADMIN_ACTION_LABELS,
    filterParam: 'action',
    filterName: 'Action',
    search: true,
    searchParam: 'admin',
    pageSize: ACTIVITY_LOG_ENTRIES,
  });
  const columns = (): Array<Column<TAdminActionView>> => [
    { header: 'Date', cell: (entry) => <span className="text-muted">{formatDateTime(entry.createdAt)}</span> },
    { header: 'Admin', cell: (entry) => <span className="break-all">{entry.adminEmail}</span>, card: 'title' },
    { header: 'Action', cell: (entry) => <Badge variant="secondary">{actionLabel(entry.action)}</Badge> },
    {
      header: 'Details',
      cell: (entry) => (
        // Long unbroken values (a beacon, a hash, an address) wrap instead of running off the table.
        <div className="text-muted [overflow-wrap:anywhere]">
          {entry.details ?? (entry.changes ? null : '-')}
          <Changes changes={entry.changes} />
        </div>
      ),
      className: 'max-w-md whitespace-normal',
    },
  ];
  return (
    <AdminList
      title="Admin Activity Log"
      icon={<History className="size-5 text-gold" aria-hidden="true" />}
      description={`Newest first, ${ACTIVITY_LOG_ENTRIES} a page; edits show what they changed.`}
      list={list}
      columns={columns}
      emptyText="No admin activity yet"
      searchPlaceholder="Filter by admin email"
    />
  );
}
