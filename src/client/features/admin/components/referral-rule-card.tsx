import { Trans, useLingui } from '@lingui/react/macro';
import { Share2 } from 'lucide-react';
import { MAX_REFERRAL_CAP } from '../../../../shared/schemas/referrals.ts';
import { FormField } from '../../../components/ui/form.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { SettingsFormCard } from './settings-form-card.tsx';

const NO_RULE = { qualify: 'approved', gcm: '0', usdt: '0', monthlyCap: 0 } as const;

/**
 * The referral rule (DECISIONS §7, Referrals): what qualifies a referee, what a referral earns and
 * the monthly cap per referrer. It applies from the next month, fixed in that month's terms.
 */
export function ReferralRuleCard() {
  const { t } = useLingui();
  return (
    <SettingsFormCard
      icon={Share2}
      title={<Trans>Referral rule</Trans>}
      description={
        <Trans>
          What a referral earns its referrer. A change applies from the next month: each month’s terms fix the rule when the month begins, in the public log.
        </Trans>
      }
      label={t`Referral rule`}
      loadFailure={t`The referral rule could not be loaded.`}
      pick={(settings) => ({ referral: settings.referral ?? NO_RULE })}
      saved={[t`Referral Rule Updated`, t`It applies from the next month.`]}
      saveFailed={t`Failed to update the referral rule`}
      submit={<Trans>Save referral rule</Trans>}
    >
      <div className="grid gap-3 sm:grid-cols-4">
        <FormField name="referral.qualify" label={t`Qualifies when`} required>
          <NativeSelect>
            <option value="approved">{t`the application is approved`}</option>
            <option value="first_report">{t`the first report is approved`}</option>
          </NativeSelect>
        </FormField>
        <FormField name="referral.gcm" label={t`GCM per referral`} required>
          <Input type="text" inputMode="decimal" autoComplete="off" />
        </FormField>
        <FormField name="referral.usdt" label={t`USDT per referral`} required>
          <Input type="text" inputMode="decimal" autoComplete="off" />
        </FormField>
        <FormField name="referral.monthlyCap" label={t`Monthly cap per referrer`} required asNumber>
          <Input type="number" inputMode="numeric" min={0} max={MAX_REFERRAL_CAP} step={1} />
        </FormField>
      </div>
    </SettingsFormCard>
  );
}
