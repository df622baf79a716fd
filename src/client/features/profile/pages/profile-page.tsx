import { zodResolver } from '@hookform/resolvers/zod';
import { Award, BellRing, Check, ExternalLink, KeyRound, Mail, MapPin, Pencil, Share2, Wallet, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { BADGE_TIERS, badgeRangeLabel } from '../../../../shared/badges.ts';
import { initials } from '../../../../shared/format.ts';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/limits.ts';
import { PLATFORMS, PLATFORM_INFO, profileLink, type Platform } from '../../../../shared/platforms.ts';
import { ZChangePasswordForm } from '../../../../shared/schemas/auth.ts';
import type { TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import { useUpdateAmbassador } from '../../../api/ambassador.ts';
import { BadgePill, asBadgeLevel } from '../../../components/badge-level.tsx';
import { MfaSettings } from '../../../components/mfa/mfa-settings.tsx';
import { MemberLayout } from '../../../components/layout/member-layout.tsx';
import { AmbassadorState } from '../../../components/no-ambassador-profile.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { firstError, Form, FormField, showServerErrors } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useEditorFocus } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useChangePassword } from '../api/change-password.ts';

/** Only one section is edited at a time (spec §4). */
type EditMode = 'none' | 'social' | 'wallet' | 'password';

const SOCIAL_PLATFORMS: Platform[] = ['twitter', 'instagram', 'telegram', 'facebook'];

export function ProfilePage() {
  const [mode, setMode] = useState<EditMode>('none');
  return (
    <MemberLayout>
      <AmbassadorState loadingLabel="Loading profile..." failure="The profile could not be loaded.">
        {(ambassador) => (
          <>
            <Profile ambassador={ambassador} mode={mode} setMode={setMode} />
            <div className="mx-auto mt-6 w-full max-w-4xl px-4 pb-10">
              <MfaSettings />
            </div>
          </>
        )}
      </AmbassadorState>
    </MemberLayout>
  );
}

interface SectionProps {
  ambassador: TOwnAmbassador;
  mode: EditMode;
  setMode: (mode: EditMode) => void;
}

function Profile({ ambassador, mode, setMode }: SectionProps) {
  const level = asBadgeLevel(ambassador.badgeLevel);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <div className="flex flex-col gap-6">
        <Card className="pitch-lines">
          <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
            <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-gold text-2xl font-black text-gold-foreground">
              {initials(ambassador.fullName)}
            </span>
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-2xl font-extrabold tracking-tight">{ambassador.fullName}</h1>
                <BadgePill level={level} />
              </div>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
                <span className="inline-flex items-center gap-1.5 break-all">
                  <Mail className="size-4 shrink-0" aria-hidden="true" /> {ambassador.email}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4" aria-hidden="true" /> {ambassador.country}
                </span>
              </div>
            </div>
          </CardContent>
        </Card>
        <SocialSection ambassador={ambassador} mode={mode} setMode={setMode} />
        <WalletSection ambassador={ambassador} mode={mode} setMode={setMode} />
        <PasswordSection ambassador={ambassador} mode={mode} setMode={setMode} />
        <EmailNotificationsSection ambassador={ambassador} />
      </div>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle className="inline-flex items-center gap-2">
            <Award className="size-5 text-gold" aria-hidden="true" /> Badge Progression
          </CardTitle>
          <CardDescription>Levels follow the GCM you earn each month.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-2">
            {BADGE_TIERS.map((tier) => {
              const current = tier.level === level;
              return (
                <li
                  key={tier.level}
                  aria-current={current ? 'true' : undefined}
                  className={cn(
                    'flex items-center justify-between gap-2 rounded-xl border px-3 py-2.5',
                    current ? 'border-gold/60 bg-gold/10' : 'border-border',
                  )}
                >
                  <div className="flex flex-col gap-1">
                    <BadgePill level={tier.level} className="w-fit" />
                    <span className="text-xs text-muted">{badgeRangeLabel(tier)} GCM/month</span>
                  </div>
                  {current ? <span className="rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-gold-foreground">Current</span> : null}
                </li>
              );
            })}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

function SectionCard({
  icon,
  title,
  description,
  editing,
  onEdit,
  editLabel,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  editing: boolean;
  onEdit: () => void;
  editLabel: string;
  children: ReactNode;
}) {
  // The editor's first field takes the focus when it opens; the Edit button, when it closes.
  const { editor, editButton } = useEditorFocus(editing);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle className="inline-flex items-center gap-2">
            <span className="text-gold [&_svg]:size-5">{icon}</span>
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {editing ? null : (
          <Button ref={editButton} variant="outline" size="sm" onClick={onEdit} aria-label={editLabel}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
      </CardHeader>
      <CardContent ref={editor}>{children}</CardContent>
    </Card>
  );
}

function EditButtons({ pending, onCancel, saveLabel = 'Save' }: { pending: boolean; onCancel: () => void; saveLabel?: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabledFocusable={pending}>
        <X aria-hidden="true" /> Cancel
      </Button>
      <Button type="submit" loading={pending}>
        <Check aria-hidden="true" />
        {pending ? 'Saving...' : saveLabel}
      </Button>
    </div>
  );
}

type SocialValues = Record<'twitterHandle' | 'instagramHandle' | 'telegramHandle' | 'facebookHandle', string>;

/** Spec §5: empty handles and addresses are sent as null; no format check here, the server's answer is shown. */
const orNull = (value: string) => (value.trim() ? value.trim() : null);

function SocialSection({ ambassador, mode, setMode }: SectionProps) {
  const update = useUpdateAmbassador();
  const editing = mode === 'social';
  const values: SocialValues = {
    twitterHandle: ambassador.twitterHandle ?? '',
    instagramHandle: ambassador.instagramHandle ?? '',
    telegramHandle: ambassador.telegramHandle ?? '',
    facebookHandle: ambassador.facebookHandle ?? '',
  };
  const form = useForm<SocialValues>({ values });
  const links = PLATFORMS.map((platform) => ({
    platform,
    handle: ambassador[PLATFORM_INFO[platform].field],
    href: profileLink(ambassador[PLATFORM_INFO[platform].field], platform),
  })).filter((l) => l.handle);

  const save = (v: SocialValues) =>
    update.mutate(
      {
        twitterHandle: orNull(v.twitterHandle),
        instagramHandle: orNull(v.instagramHandle),
        telegramHandle: orNull(v.telegramHandle),
        facebookHandle: orNull(v.facebookHandle),
      },
      {
        onSuccess: () => {
          setMode('none');
          notify.success('Profile Updated', 'Your profile has been updated successfully.');
        },
        onError: (error) => {
          showServerErrors(form, error);
          notify.error('Update Failed', errorMessage(error));
        },
      },
    );

  return (
    <SectionCard icon={<Share2 />} title="Social Media Profiles" editing={editing} onEdit={() => setMode('social')} editLabel="Edit social media profiles">
      {editing ? (
        <Form form={form} onSubmit={save} className="flex flex-col gap-4" aria-label="Edit social media profiles">
          <div className="grid gap-4 sm:grid-cols-2">
            {SOCIAL_PLATFORMS.map((platform) => {
              const info = PLATFORM_INFO[platform];
              return (
                <FormField key={platform} name={info.field} label={info.label}>
                  <Input placeholder={info.placeholder} inputMode="url" />
                </FormField>
              );
            })}
          </div>
          <EditButtons pending={update.isPending} onCancel={() => setMode('none')} />
        </Form>
      ) : links.length === 0 ? (
        <p className="text-sm text-muted">No social media profiles added yet</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {links.map(({ platform, handle, href }) => (
            <li key={platform} className="flex min-w-0 items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 text-sm">
              <span className="font-medium">{PLATFORM_INFO[platform].label}</span>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex min-w-0 items-center gap-1 text-gold hover:underline">
                  <span className="truncate">{handle}</span>
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                </a>
              ) : (
                <span className="truncate text-muted">{handle}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function WalletSection({ ambassador, mode, setMode }: SectionProps) {
  const update = useUpdateAmbassador();
  const editing = mode === 'wallet';
  // The record is read again on every change of the account (DECISIONS §6): what is being typed stays.
  const form = useForm<{ usdtWalletAddress: string }>({
    values: { usdtWalletAddress: ambassador.usdtWalletAddress ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const save = ({ usdtWalletAddress }: { usdtWalletAddress: string }) =>
    update.mutate(
      { usdtWalletAddress: orNull(usdtWalletAddress) },
      {
        onSuccess: () => {
          setMode('none');
          notify.success('Profile Updated', 'Your profile has been updated successfully.');
        },
        onError: (error) => {
          showServerErrors(form, error);
          notify.error('Update Failed', errorMessage(error));
        },
      },
    );
  return (
    <SectionCard
      icon={<Wallet />}
      title="Wallet Addresses (BEP20)"
      description="Where your rewards are paid, on BNB Smart Chain."
      editing={editing}
      onEdit={() => setMode('wallet')}
      editLabel="Edit wallet addresses"
    >
      {editing ? (
        <Form form={form} onSubmit={save} className="flex flex-col gap-4" aria-label="Edit wallet addresses">
          <Field label="GCM Wallet Address" hint="Coming Soon - GCM wallet integration pending">
            <Input disabled value={ambassador.gcmWalletAddress ?? ''} placeholder="Coming Soon" readOnly />
          </Field>
          <FormField name="usdtWalletAddress" label="USDT Wallet Address (BEP20)">
            <Input placeholder="0x..." autoComplete="off" spellCheck={false} className="font-mono" />
          </FormField>
          <EditButtons pending={update.isPending} onCancel={() => setMode('none')} />
        </Form>
      ) : (
        <dl className="grid gap-3 text-sm">
          <div className="rounded-lg border border-border px-3 py-2">
            <dt className="text-xs text-muted">GCM Wallet</dt>
            <dd className="mt-0.5 break-all font-mono">
              {ambassador.gcmWalletAddress ?? <span className="font-sans text-muted">Coming Soon - GCM wallet integration pending</span>}
            </dd>
          </div>
          <div className="rounded-lg border border-border px-3 py-2">
            <dt className="text-xs text-muted">USDT Wallet (BEP20)</dt>
            <dd className="mt-0.5 break-all font-mono">{ambassador.usdtWalletAddress ?? <span className="font-sans text-muted">Not set</span>}</dd>
          </div>
        </dl>
      )}
    </SectionCard>
  );
}

type PasswordValues = z.input<typeof ZChangePasswordForm>;

/** Spec §5: the order of the change-password checks, each also an 'Error' toast. */
const PASSWORD_ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

function PasswordSection({ mode, setMode }: SectionProps) {
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
    if (first) notify.error('Error', first.message);
  };
  const save = ({ currentPassword, newPassword }: z.output<typeof ZChangePasswordForm>) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          close();
          notify.success('Password Changed', 'Your password has been updated successfully.');
        },
        onError: (error) => notify.error('Password Change Failed', errorMessage(error)),
      },
    );
  return (
    <SectionCard icon={<KeyRound />} title="Change Password" editing={editing} onEdit={() => setMode('password')} editLabel="Edit password">
      {editing ? (
        <Form form={form} onSubmit={save} onInvalid={invalid} className="flex flex-col gap-4" aria-label="Change password">
          <FormField name="currentPassword" label="Current Password" required>
            <Input type="password" autoComplete="current-password" />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="newPassword" label="New Password" hint={`Minimum ${MIN_PASSWORD_LENGTH} characters`} required>
              <Input type="password" autoComplete="new-password" />
            </FormField>
            <FormField name="confirmPassword" label="Confirm New Password" required>
              <Input type="password" autoComplete="new-password" />
            </FormField>
          </div>
          <EditButtons pending={change.isPending} onCancel={close} saveLabel="Update Password" />
        </Form>
      ) : (
        <p className="text-sm text-muted">Keep your account safe with a strong password you do not use elsewhere.</p>
      )}
    </SectionCard>
  );
}

/** Emails about decisions on or off (DECISIONS §5); security emails go whatever the switch says. */
function EmailNotificationsSection({ ambassador }: { ambassador: TOwnAmbassador }) {
  const update = useUpdateAmbassador();
  const id = useId();
  // The switch moves at once; the record read again after the change confirms it.
  const checked = update.isPending && update.variables.emailNotifications !== undefined ? update.variables.emailNotifications : ambassador.emailNotifications;
  const toggle = (on: boolean) => {
    // One change at a time; the switch stays focusable (not disabled) meanwhile.
    if (update.isPending) return;
    update.mutate(
      { emailNotifications: on },
      {
        onSuccess: () =>
          notify.success('Profile Updated', on ? 'You will get an email about each decision.' : 'You will no longer get emails about decisions.'),
        onError: (error) => notify.error('Update Failed', errorMessage(error)),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2">
          <BellRing className="size-5 text-gold" aria-hidden="true" /> Email Notifications
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-xl border border-border p-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="font-semibold">
              Email notifications
            </label>
            <p id={`${id}-hint`} className="text-sm text-muted">
              An email when the team decides on your reports, withdrawals or prizes. Security emails (a password or wallet change) are always sent.
            </p>
          </div>
          <Switch id={id} checked={checked} onCheckedChange={toggle} pending={update.isPending} aria-describedby={`${id}-hint`} />
        </div>
      </CardContent>
    </Card>
  );
}
