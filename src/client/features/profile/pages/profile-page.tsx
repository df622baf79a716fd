import { useLingui } from '@lingui/react/macro';
import { Mail, MapPin } from 'lucide-react';
import { useState } from 'react';
import { initials } from '../../../../shared/format.ts';
import type { TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import { BadgePill, asBadgeLevel } from '../../../components/badge-level.tsx';
import { MemberLayout } from '../../../components/layout/member-layout.tsx';
import { MfaSettings } from '../../../components/mfa/mfa-settings.tsx';
import { AmbassadorState } from '../../../components/no-ambassador-profile.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { BadgeProgression } from '../components/badge-progression.tsx';
import { EmailNotificationsSection } from '../components/email-notifications-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { type EditMode, type EditState } from '../components/section-card.tsx';
import { SocialSection } from '../components/social-section.tsx';
import { WalletSection } from '../components/wallet-section.tsx';

export function ProfilePage() {
  const { t } = useLingui();
  const [mode, setMode] = useState<EditMode>('none');
  return (
    <MemberLayout>
      <AmbassadorState loadingLabel={t`Loading profile...`} failure={t`The profile could not be loaded.`}>
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

function Profile({ ambassador, mode, setMode }: EditState & { ambassador: TOwnAmbassador }) {
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
        <PasswordSection mode={mode} setMode={setMode} />
        <EmailNotificationsSection ambassador={ambassador} />
      </div>
      <BadgeProgression level={level} />
    </div>
  );
}
