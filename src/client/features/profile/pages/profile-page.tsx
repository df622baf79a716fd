import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import { AmbassadorBanner } from '../../../components/ambassador-banner.tsx';
import { asBadgeLevel } from '../../../components/badge-level.tsx';
import { MfaSettings } from '../../../components/mfa/mfa-settings.tsx';
import { AmbassadorPage } from '../../../components/no-ambassador-profile.tsx';
import { BadgeProgression } from '../components/badge-progression.tsx';
import { EmailNotificationsSection } from '../components/email-notifications-section.tsx';
import { LinkedAccountsSection } from '../components/linked-accounts-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { type EditMode, type EditState } from '../components/section-card.tsx';
import { SocialSection } from '../components/social-section.tsx';
import { WalletSection } from '../components/wallet-section.tsx';

export function ProfilePage() {
  const { t } = useLingui();
  const [mode, setMode] = useState<EditMode>('none');
  return (
    <AmbassadorPage loadingLabel={t`Loading profile...`} failure={t`The profile could not be loaded.`}>
      {(ambassador) => (
        <>
          <Profile ambassador={ambassador} mode={mode} setMode={setMode} />
          <div className="mx-auto mt-6 w-full max-w-4xl px-4 pb-10">
            <MfaSettings />
          </div>
        </>
      )}
    </AmbassadorPage>
  );
}

function Profile({ ambassador, mode, setMode }: EditState & { ambassador: TOwnAmbassador }) {
  const level = asBadgeLevel(ambassador.badgeLevel);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <div className="flex flex-col gap-6">
        <AmbassadorBanner ambassador={ambassador} />
        <SocialSection ambassador={ambassador} mode={mode} setMode={setMode} />
        <WalletSection ambassador={ambassador} mode={mode} setMode={setMode} />
        <LinkedAccountsSection />
        <PasswordSection mode={mode} setMode={setMode} />
        <EmailNotificationsSection ambassador={ambassador} />
      </div>
      <BadgeProgression level={level} />
    </div>
  );
}
