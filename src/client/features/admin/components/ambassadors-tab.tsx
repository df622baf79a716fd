import { Loader2, Mail, Pencil, Save, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatGcm, formatUsdt } from '../../../../shared/format.ts';
import { BADGE_TIERS } from '../../../../shared/badges.ts';
import type { TAmbassadorAdminUpdate } from '../../../../shared/schemas/ambassadors.ts';
import type { Ambassador } from '../../../api/types.ts';
import { BadgePill } from '../../../components/badge-level.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { notify } from '../../../lib/toast.ts';
import { useAdminAmbassadors } from '../api/get-ambassadors.ts';
import { ADMIN_PAGE_SIZE } from '../api/keys.ts';
import { useResendPassword } from '../api/resend-password.ts';
import { useUpdateAmbassadorAsAdmin } from '../api/update-ambassador.ts';
import { adminError } from './admin-error.ts';
import { ListCard } from './list-card.tsx';
import { SocialLinkList } from './social-links.tsx';

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function AmbassadorsTab() {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 300);
  const [editing, setEditing] = useState<Ambassador | null>(null);
  const query = useAdminAmbassadors(offset, debounced);
  const items = query.data?.items ?? [];
  useEffect(() => setOffset(0), [debounced]);
  return (
    <>
      <ListCard
        title="Ambassadors"
        actions={
          <div className="relative w-full sm:w-72">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            <Input
              type="search"
              aria-label="Search by name or email"
              placeholder="Search by name or email"
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        }
        isLoading={query.isLoading}
        isError={query.isError}
        isEmpty={items.length === 0}
        emptyText="No ambassadors found"
        footer={<Pagination label="Ambassadors" offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data?.total ?? 0} onOffsetChange={setOffset} />}
      >
        <Table aria-label="Ambassadors">
          <THead>
            <tr>
              <TH>Name</TH>
              <TH>Email</TH>
              <TH>Badge</TH>
              <TH>Status</TH>
              <TH className="text-right">Total GCM</TH>
              <TH className="text-right">Total USDT</TH>
              <TH className="text-right">Monthly GCM</TH>
              <TH className="text-right">Monthly USDT</TH>
              <TH>
                <span className="sr-only">Edit</span>
              </TH>
            </tr>
          </THead>
          <TBody>
            {items.map((a) => (
              <TR key={a.id}>
                <TD className="font-semibold">{a.fullName}</TD>
                <TD className="text-muted">{a.email}</TD>
                <TD>
                  <BadgePill level={a.badgeLevel} />
                  {a.badgePinned ? <span className="ml-1 text-xs text-muted">(set)</span> : null}
                </TD>
                <TD>
                  <StatusBadge status={a.status ?? 'active'} />
                </TD>
                <TD className="text-right font-mono text-gold">{formatGcm(a.totalGcmEarned)}</TD>
                <TD className="text-right font-mono text-pitch-light">{formatUsdt(a.totalUsdtEarned)}</TD>
                <TD className="text-right font-mono">{formatGcm(a.monthlyGcm)}</TD>
                <TD className="text-right font-mono">{formatUsdt(a.monthlyUsdt)}</TD>
                <TD>
                  <Button variant="outline" size="sm" onClick={() => setEditing(a)} aria-label={`Edit ${a.fullName}`}>
                    <Pencil aria-hidden="true" /> Edit
                  </Button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </ListCard>
      {editing ? <EditAmbassadorDialog ambassador={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

interface EditValues {
  twitterHandle: string;
  instagramHandle: string;
  telegramHandle: string;
  facebookHandle: string;
  youtubeHandle: string;
  gcmWalletAddress: string;
  usdtWalletAddress: string;
  badgeLevel: 'auto' | 'normal' | 'bronze' | 'silver' | 'gold';
  status: 'active' | 'suspended';
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

function EditAmbassadorDialog({ ambassador, onClose }: { ambassador: Ambassador; onClose: () => void }) {
  const update = useUpdateAmbassadorAsAdmin();
  const resend = useResendPassword();
  const form = useForm<EditValues>({
    defaultValues: {
      twitterHandle: ambassador.twitterHandle ?? '',
      instagramHandle: ambassador.instagramHandle ?? '',
      telegramHandle: ambassador.telegramHandle ?? '',
      facebookHandle: ambassador.facebookHandle ?? '',
      youtubeHandle: ambassador.youtubeHandle ?? '',
      gcmWalletAddress: ambassador.gcmWalletAddress ?? '',
      usdtWalletAddress: ambassador.usdtWalletAddress ?? '',
      badgeLevel: ambassador.badgePinned ? ambassador.badgeLevel : 'auto',
      status: ambassador.status ?? 'active',
    },
  });
  const onSubmit = form.handleSubmit((v) => {
    const input: TAmbassadorAdminUpdate = {
      twitterHandle: orNull(v.twitterHandle),
      instagramHandle: orNull(v.instagramHandle),
      telegramHandle: orNull(v.telegramHandle),
      facebookHandle: orNull(v.facebookHandle),
      youtubeHandle: orNull(v.youtubeHandle),
      gcmWalletAddress: orNull(v.gcmWalletAddress),
      usdtWalletAddress: orNull(v.usdtWalletAddress),
      badgeLevel: v.badgeLevel,
      status: v.status,
    };
    update.mutate(
      { id: ambassador.id, input },
      {
        onSuccess: () => {
          notify.success('Ambassador Updated', `${ambassador.fullName}'s profile has been updated.`);
          onClose();
        },
        onError: adminError('Failed to update ambassador'),
      },
    );
  });
  const sendReset = () =>
    resend.mutate(ambassador.id, {
      onSuccess: () => notify.success('Password Setup Email Sent', `A new password setup link was emailed to ${ambassador.email}.`),
      onError: adminError('Failed to send password setup email'),
    });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={`Edit ${ambassador.fullName}`} description={ambassador.email} className="max-w-2xl">
        <div className="flex flex-col gap-5">
          <section aria-label="Current social links" className="rounded-xl border border-border p-4">
            <h3 className="mb-2 text-sm font-semibold">Social Links</h3>
            <SocialLinkList handles={ambassador} />
          </section>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={`Edit ${ambassador.fullName}`}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Twitter URL">
                <Input {...form.register('twitterHandle')} placeholder="https://x.com/username" />
              </Field>
              <Field label="Instagram URL">
                <Input {...form.register('instagramHandle')} placeholder="https://instagram.com/username" />
              </Field>
              <Field label="Telegram Channel URL">
                <Input {...form.register('telegramHandle')} placeholder="https://t.me/channel" />
              </Field>
              <Field label="Facebook URL">
                <Input {...form.register('facebookHandle')} placeholder="https://facebook.com/page" />
              </Field>
              <Field label="YouTube Channel URL">
                <Input {...form.register('youtubeHandle')} placeholder="https://youtube.com/@channel" />
              </Field>
              <Field label="GCM Wallet">
                <Input {...form.register('gcmWalletAddress')} placeholder="0x..." className="font-mono" spellCheck={false} />
              </Field>
              <Field label="USDT Wallet">
                <Input {...form.register('usdtWalletAddress')} placeholder="0x..." className="font-mono" spellCheck={false} />
              </Field>
              <Field label="Badge Level" hint="Automatic follows this month's GCM; a chosen level holds until set back.">
                <NativeSelect {...form.register('badgeLevel')}>
                  <option value="auto">Automatic</option>
                  {BADGE_TIERS.map((t) => (
                    <option key={t.level} value={t.level}>
                      {t.label}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="Status" hint="A suspended ambassador cannot submit reports or withdrawals.">
                <NativeSelect {...form.register('status')}>
                  <option value="active">Active</option>
                  <option value="suspended">Suspended</option>
                </NativeSelect>
              </Field>
            </div>
            <DialogFooter className="mt-2 sm:justify-between">
              <Button variant="outline" onClick={sendReset} disabled={resend.isPending}>
                {resend.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Mail aria-hidden="true" />} Send Password Reset Email
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />} Save Changes
              </Button>
            </DialogFooter>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}
