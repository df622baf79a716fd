import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { History, KeyRound, Settings2, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADMIN_ACTIONS } from '../../../../shared/enums.ts';
import { ACTION_TEXT, actionLabel } from './admin-action-text.ts';
import { dateIn, dateTimeIn } from '../../../../shared/localized-format.ts';
import { ACTIVITY_LOG_ENTRIES } from '../../../../shared/limits.ts';
import { ZAdminPasswordInput, ZNewAdminInput } from '../../../../shared/schemas/admins.ts';
import type { TAdminAccount, TAdminActionView } from '../../../../shared/schemas/admins.ts';
import { useSettings } from '../../../api/settings.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form.tsx';
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
import { CreateFormCard, FormDialog, RemoveDialog } from './admin-shells.tsx';
import { AdminList } from './admin-list.tsx';
import { PrizesCard, SeasonsCard } from './seasons-card.tsx';
import { ServiceLevelsCard } from './service-levels-card.tsx';
import { ReferralRuleCard } from './referral-rule-card.tsx';
import { TelegramStatusCard } from './telegram-status-card.tsx';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { REPORT_MESSAGES } from '../../../../shared/schemas/messages.ts';

export function SuperAdminTab() {
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <SettingsCard />
        <AddAdminCard />
      </div>
      <PrizesCard />
      <ServiceLevelsCard />
      <ReferralRuleCard />
      <TelegramStatusCard />
      <SeasonsCard />
      <AdminAccountsCard />
      <ActivityLogCard />
    </div>
  );
}

function SettingsCard() {
  const { t } = useLingui();
  const settings = useSettings();
  const update = useUpdateSettings();
  const enabled = settings.data?.reportSubmissionEnabled ?? false;
  const toggle = (next: boolean) =>
    update.mutate(
      { reportSubmissionEnabled: next },
      adminOutcome(
        { title: t`Settings Updated`, text: next ? t`Report submission is enabled.` : t`Report submission is disabled.` },
        t`Failed to update settings`,
      ),
    );
  return (
    <Card>
      <IconCardHeader icon={Settings2} title={<Trans>System Settings</Trans>} />
      <CardContent>
        <QueryState query={settings} failure={t`The settings could not be loaded.`} loading={<Spinner />} compact>
          {() => (
            <div className="flex items-center justify-between gap-4 rounded-xl border border-border p-4">
              <div>
                <label htmlFor="report-submission" className="font-semibold">
                  <Trans>Report Submission</Trans>
                </label>
                <p id="report-submission-status" className="text-sm text-muted">
                  {enabled ? t`Ambassadors can submit reports (one per day)` : translatedMessage(REPORT_MESSAGES.disabled)}
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
  const { t } = useLingui();
  const add = useAddAdmin();
  const form = useForm({ resolver: zodResolver(ZNewAdminInput), defaultValues: { email: '', fullName: '' } });
  const submit = (input: z.output<typeof ZNewAdminInput>) =>
    add.mutate(
      input,
      adminOutcome({ title: t`Admin Added`, text: t`A password setup email was sent to ${input.email}.` }, t`Failed to add admin`, () => form.reset()),
    );
  return (
    <CreateFormCard
      form={form}
      onSubmit={submit}
      icon={UserPlus}
      title={t`Add New Admin`}
      description={<Trans>The new admin receives an email to create a password.</Trans>}
      submitIcon={UserPlus}
      submit={<Trans>Add Admin</Trans>}
      pending={add.isPending}
    >
      <FormField name="email" label={t`Email`} required>
        <Input type="email" autoComplete="off" />
      </FormField>
      <FormField name="fullName" label={t`Full Name`} required>
        <Input autoComplete="off" />
      </FormField>
    </CreateFormCard>
  );
}

const adminName = (admin: TAdminAccount) => admin.fullName ?? admin.email;

function AdminAccountsCard() {
  const { t, i18n } = useLingui();
  const admins = useAdmins(true);
  const [resetting, setResetting] = useState<TAdminAccount | null>(null);
  const [removing, setRemoving] = useState<TAdminAccount | null>(null);
  const columns = (): Array<Column<TAdminAccount>> => [
    { header: t`Name`, cell: (admin) => admin.fullName ?? '-', className: 'font-semibold', card: 'title' },
    { header: t`Email / Username`, cell: (admin) => <span className="break-all text-muted">{admin.email || admin.username}</span>, card: 'title' },
    {
      header: t`Role`,
      cell: (admin) =>
        admin.isSuperAdmin ? (
          <Badge>
            <Trans>Super Admin</Trans>
          </Badge>
        ) : (
          <Badge variant="secondary">
            <Trans>Admin</Trans>
          </Badge>
        ),
    },
    { header: t`Created`, cell: (admin) => <span className="text-muted">{dateIn(admin.createdAt, i18n.locale)}</span> },
    // Spec §2: a super admin account has no actions.
    actionsColumn(t`Actions`, (admin) =>
      admin.isSuperAdmin ? null : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setResetting(admin)} aria-label={t`Reset password of ${adminName(admin)}`}>
            <KeyRound aria-hidden="true" /> <Trans>Reset Password</Trans>
          </Button>
          <Button variant="destructive" size="sm" onClick={() => setRemoving(admin)} aria-label={t`Remove ${adminName(admin)}`}>
            <Trash2 aria-hidden="true" /> <Trans>Remove</Trans>
          </Button>
        </div>
      ),
    ),
  ];
  return (
    <>
      <AdminList title={t`Admin Accounts`} list={{ query: admins, items: admins.data ?? [] }} columns={columns} emptyText={t`No admin accounts`} />
      {resetting ? <ResetPasswordDialog admin={resetting} onClose={() => setResetting(null)} /> : null}
      {removing ? <RemoveAdminDialog admin={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}

function ResetPasswordDialog({ admin, onClose }: { admin: TAdminAccount; onClose: () => void }) {
  const { t } = useLingui();
  const reset = useResetAdminPassword();
  const form = useForm({ resolver: zodResolver(ZAdminPasswordInput), defaultValues: { newPassword: '' } });
  // Spec §5: the button stays disabled until the shared schema takes the password.
  const acceptable = ZAdminPasswordInput.safeParse(form.watch()).success;
  const submit = (input: z.output<typeof ZAdminPasswordInput>) =>
    reset.mutate(
      { id: admin.id, input },
      adminOutcome({ title: t`Password Updated`, text: t`${adminName(admin)} can now sign in with the new password.` }, t`Failed to update password`, onClose),
    );
  return (
    <FormDialog
      onClose={onClose}
      title={t`Reset Password`}
      description={t`Set a new password for ${adminName(admin)}.`}
      form={form}
      onSubmit={submit}
      submit={<Trans>Update Password</Trans>}
      pending={reset.isPending}
      disabled={!acceptable}
    >
      <FormField name="newPassword" label={t`New Password`} required>
        <Input type="password" autoComplete="new-password" placeholder={t`Enter new password (min 6 characters)`} />
      </FormField>
    </FormDialog>
  );
}

function RemoveAdminDialog({ admin, onClose }: { admin: TAdminAccount; onClose: () => void }) {
  const { t } = useLingui();
  const remove = useRemoveAdmin();
  const confirm = () =>
    remove.mutate(admin.id, adminOutcome({ title: t`Admin Removed`, text: t`${adminName(admin)} no longer has access.` }, t`Failed to remove admin`, onClose));
  return (
    <RemoveDialog
      onClose={onClose}
      title={t`Remove Admin`}
      description={t`${adminName(admin)} will lose access to the admin console and be signed out.`}
      onConfirm={confirm}
      pending={remove.isPending}
      action={<Trans>Remove</Trans>}
    />
  );
}

/** What an edit changed, as 'field: before -> after' lines: the record's own field names and values, as stored (translate="no"). */
function Changes({ changes }: { changes: TAdminActionView['changes'] }) {
  const { t } = useLingui();
  if (!changes) return null;
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  const shown = (value: unknown) => (empty(value) ? t`(empty)` : typeof value === 'string' ? value : JSON.stringify(value));
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs" aria-label={t`Changes`}>
      {Object.entries(changes).map(([field, [before, after]]) => (
        <li key={field} className="break-all">
          <span translate="no" className="font-semibold text-foreground">
            {field}
          </span>
          :{' '}
          <span translate={empty(before) ? undefined : 'no'} className="line-through decoration-danger/60">
            {shown(before)}
          </span>{' '}
          <span aria-hidden="true">→</span>
          <span className="sr-only">
            <Trans>changed to</Trans>
          </span>{' '}
          <span translate={empty(after) ? undefined : 'no'} className="text-foreground">
            {shown(after)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ActivityLogCard() {
  const { t, i18n } = useLingui();
  const list = useAdminList(resources.activityLog, {
    filter: ADMIN_ACTIONS,
    filterLabels: Object.fromEntries(ADMIN_ACTIONS.map((action) => [action, i18n._(ACTION_TEXT[action])])),
    filterParam: 'action',
    filterName: t`Action`,
    search: true,
    searchParam: 'admin',
    pageSize: ACTIVITY_LOG_ENTRIES,
  });
  const columns = (): Array<Column<TAdminActionView>> => [
    { header: t`Date`, cell: (entry) => <span className="text-muted">{dateTimeIn(entry.createdAt, i18n.locale)}</span> },
    { header: t`Admin`, cell: (entry) => <span className="break-all">{entry.adminEmail}</span>, card: 'title' },
    { header: t`Action`, cell: (entry) => <Badge variant="secondary">{actionLabel(i18n, entry.action)}</Badge> },
    {
      header: t`Details`,
      cell: (entry) => (
        // Long unbroken values (a beacon, a hash, an address) wrap instead of running off the table.
        <div className="text-muted [overflow-wrap:anywhere]">
          {entry.details ?? (entry.changes ? null : '-')}
          <Changes changes={entry.changes} />
        </div>
      ),
      className: 'max-w-md whitespace-normal',
      card: 'block',
    },
  ];
  return (
    <AdminList
      title={t`Admin Activity Log`}
      icon={<History className="size-5 text-gold" aria-hidden="true" />}
      description={t`Newest first, ${ACTIVITY_LOG_ENTRIES} a page; edits show what they changed.`}
      list={list}
      columns={columns}
      emptyText={t`No admin activity yet`}
      searchPlaceholder={t`Filter by admin email`}
    />
  );
}
