import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '../../../i18n/i18n.ts';
import { Mail, Pencil, Save } from 'lucide-react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { BADGE_TIERS } from '../../../../shared/badges.ts';
import { AMBASSADOR_STATUSES } from '../../../../shared/enums.ts';
import { ZAmbassadorAdminUpdate, type TAmbassadorAdminUpdate } from '../../../../shared/schemas/ambassadors.ts';
import type { TAdminAmbassadorView } from '../../../../shared/schemas/ambassadors.ts';
import { badgeLabel, BadgePill } from '../../../components/badge-level.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { firstError, Form, FormField } from '../../../components/ui/form.tsx';
import { EnumOptions, Input, NativeSelect } from '../../../components/ui/input.tsx';
import { notify } from '../../../lib/toast.ts';
import { useResendPassword } from '../api/resend-password.ts';
import { useUpdateAmbassadorAsAdmin } from '../api/update-ambassador.ts';
import { resources } from '../../../api/resources.ts';
import { exportedList, useAdminList } from '../api/use-admin-list.ts';
import { adminOutcome } from './admin-error.ts';
import { AdminList, amountColumn, flagsColumn, type RowDialogProps } from './admin-list.tsx';
import { REASON_REQUIRED, ReasonFields, ZFacts, ZReasonChoice, chosenReason, type ReasonFieldsInput } from './reason-fields.tsx';
import { SocialLinkList } from './social-links.tsx';

function columns(open: (row: TAdminAmbassadorView) => void): Array<Column<TAdminAmbassadorView>> {
  return [
    { header: i18n._(msg`Name`), cell: (a) => a.fullName, className: 'font-semibold', card: 'title' },
    { header: i18n._(msg`Email`), cell: (a) => <span className="break-all text-muted">{a.email}</span>, card: 'title' },
    {
      header: i18n._(msg`Badge`),
      cell: (a) => (
        <>
          <BadgePill level={a.badgeLevel} />
          {a.badgePinned ? <span className="ml-1 text-xs text-muted">{i18n._(msg`(set)`)}</span> : null}
        </>
      ),
    },
    { header: i18n._(msg`Status`), cell: (a) => <StatusBadge status={a.status} />, card: 'aside' },
    flagsColumn(),
    amountColumn(i18n._(msg`Total GCM`), 'GCM', (a) => a.totalGcmEarned),
    amountColumn(i18n._(msg`Total USDT`), 'USDT', (a) => a.totalUsdtEarned),
    amountColumn(i18n._(msg`Monthly GCM`), 'GCM', (a) => a.monthlyGcm, false),
    amountColumn(i18n._(msg`Monthly USDT`), 'USDT', (a) => a.monthlyUsdt, false),
    actionsColumn(i18n._(msg`Edit`), (a) => (
      <Button variant="outline" size="sm" onClick={() => open(a)} aria-label={i18n._(msg`Edit ${a.fullName}`)}>
        <Pencil aria-hidden="true" /> {i18n._(msg`Edit`)}
      </Button>
    )),
  ];
}

export function AmbassadorsTab() {
  const list = useAdminList(resources.adminAmbassadors, exportedList('ambassadors'));
  const { t } = useLingui();
  // The ledger of everyone (or of those the search finds), for accounting.
  const search = list.search?.value.trim();
  const transactions = `/api/admin/export/transactions.csv${search ? `?search=${encodeURIComponent(search)}` : ''}`;
  return (
    <AdminList
      title={t`Ambassadors`}
      label={t`Ambassadors`}
      list={list}
      columns={columns}
      Dialog={EditAmbassadorDialog}
      emptyText={t`No ambassadors found`}
      toolbar={
        <p className="mb-3 text-right text-sm">
          <a className="font-semibold text-gold underline underline-offset-2" href={transactions} download>
            {search ? <Trans>Export their transactions (CSV)</Trans> : <Trans>Export all transactions (CSV)</Trans>}
          </a>
        </p>
      }
    />
  );
}

/** The dialog's fields, in the order their messages are toasted. */
const EDIT_FIELDS = [
  'twitterHandle',
  'instagramHandle',
  'telegramHandle',
  'facebookHandle',
  'youtubeHandle',
  'gcmWalletAddress',
  'usdtWalletAddress',
  'badgeLevel',
  'status',
] as const;

/** The dialog's text fields: the profile links, then the payout wallets (addresses, in a fixed-width font). */
const LINK_FIELDS = [
  { name: 'twitterHandle', label: msg`Twitter URL`, placeholder: 'https://x.com/username' },
  { name: 'instagramHandle', label: msg`Instagram URL`, placeholder: 'https://instagram.com/username' },
  { name: 'telegramHandle', label: msg`Telegram Channel URL`, placeholder: 'https://t.me/channel' },
  { name: 'facebookHandle', label: msg`Facebook URL`, placeholder: 'https://facebook.com/page' },
  { name: 'youtubeHandle', label: msg`YouTube Channel URL`, placeholder: 'https://youtube.com/@channel' },
  { name: 'gcmWalletAddress', label: msg`GCM Wallet`, placeholder: '0x...', address: true },
  { name: 'usdtWalletAddress', label: msg`USDT Wallet`, placeholder: '0x...', address: true },
] as const;

function EditAmbassadorDialog({ row: ambassador, onClose }: RowDialogProps<TAdminAmbassadorView>) {
  const update = useUpdateAmbassadorAsAdmin();
  const resend = useResendPassword();
  const { t } = useLingui();
  // Suspending takes a reason (DECISIONS §6); an ambassador already suspended keeps theirs.
  const suspending = (status: string | undefined) => status === 'suspended' && ambassador.status !== 'suspended';
  const schema = ZAmbassadorAdminUpdate.extend({ reasonCode: ZReasonChoice, facts: ZFacts }).superRefine((value, ctx) => {
    if (suspending(value.status) && !value.reasonCode) ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: REASON_REQUIRED });
  });
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      twitterHandle: ambassador.twitterHandle ?? '',
      instagramHandle: ambassador.instagramHandle ?? '',
      telegramHandle: ambassador.telegramHandle ?? '',
      facebookHandle: ambassador.facebookHandle ?? '',
      youtubeHandle: ambassador.youtubeHandle ?? '',
      gcmWalletAddress: ambassador.gcmWalletAddress ?? '',
      usdtWalletAddress: ambassador.usdtWalletAddress ?? '',
      badgeLevel: ambassador.badgePinned ? ambassador.badgeLevel : 'auto',
      status: ambassador.status,
      reasonCode: '',
      facts: '',
    } satisfies z.input<typeof schema>,
  });
  const status = useWatch({ control: form.control, name: 'status' });
  const save = ({ reasonCode, facts, ...changes }: z.output<typeof schema>) => {
    const input: TAmbassadorAdminUpdate & ReasonFieldsInput = suspending(changes.status)
      ? { ...changes, reasonCode: chosenReason(reasonCode), facts: facts.trim() || null }
      : changes;
    update.mutate(
      { id: ambassador.id, input },
      adminOutcome({ title: t`Ambassador Updated`, text: t`${ambassador.fullName}'s profile has been updated.` }, t`Failed to update ambassador`, onClose),
    );
  };
  // The shared schema's message, said as the server would say it (spec §8 admin failure toast).
  const invalid = (errors: FieldErrors<z.input<typeof schema>>) => {
    if (errors.reasonCode) return;
    const first = firstError(errors, EDIT_FIELDS);
    if (first) notify.error(t`Error`, t`Failed to update ambassador: ${first.message}`);
  };
  const sendReset = () =>
    resend.mutate(
      ambassador.id,
      adminOutcome(
        { title: t`Password Setup Email Sent`, text: t`A new password setup link was emailed to ${ambassador.email}.` },
        t`Failed to send password setup email`,
      ),
    );

  return (
    <ModalDialog onClose={onClose} title={t`Edit ${ambassador.fullName}`} description={ambassador.email} className="max-w-2xl">
      <div className="flex flex-col gap-5">
        <section aria-label={t`Current social links`} className="rounded-xl border border-border p-4">
          <h3 className="mb-2 text-sm font-semibold">
            <Trans>Social Links</Trans>
          </h3>
          <SocialLinkList handles={ambassador} />
        </section>
        <Form form={form} onSubmit={save} onInvalid={invalid} className="flex flex-col gap-4" aria-label={t`Edit ${ambassador.fullName}`}>
          <div className="grid gap-4 sm:grid-cols-2">
            {LINK_FIELDS.map((field) => (
              <FormField key={field.name} name={field.name} label={i18n._(field.label)}>
                {'address' in field ? (
                  <Input placeholder={field.placeholder} className="font-mono" spellCheck={false} />
                ) : (
                  <Input placeholder={field.placeholder} />
                )}
              </FormField>
            ))}
            <FormField name="badgeLevel" label={t`Badge Level`} hint={t`Automatic follows this month's GCM; a chosen level holds until set back.`}>
              <NativeSelect>
                <option value="auto">{t`Automatic`}</option>
                {BADGE_TIERS.map((tier) => (
                  <option key={tier.level} value={tier.level}>
                    {badgeLabel(tier.level)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField name="status" label={t`Status`} hint={t`A suspended ambassador cannot submit reports or withdrawals.`}>
              <NativeSelect>
                <EnumOptions values={AMBASSADOR_STATUSES} />
              </NativeSelect>
            </FormField>
          </div>
          {suspending(status) ? <ReasonFields subject="suspension" /> : null}
          <DialogFooter className="mt-2 sm:justify-between">
            <Button variant="outline" onClick={sendReset} loading={resend.isPending}>
              <Mail aria-hidden="true" /> <Trans>Send Password Reset Email</Trans>
            </Button>
            <Button type="submit" loading={update.isPending}>
              <Save aria-hidden="true" /> <Trans>Save Changes</Trans>
            </Button>
          </DialogFooter>
        </Form>
      </div>
    </ModalDialog>
  );
}
