import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Timer } from 'lucide-react';
import { MAX_SERVICE_LEVEL_DAYS, SERVICE_LEVEL_SUBJECTS, type ServiceLevelSubject } from '../../../../shared/service-levels.ts';
import { FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SettingsFormCard } from './settings-form-card.tsx';

const QUEUE_LABELS: Record<ServiceLevelSubject, MessageDescriptor> = {
  reports: msg`Reports (business days)`,
  applications: msg`Applications (business days)`,
  withdrawals: msg`Withdrawals (business days)`,
  appeals: msg`Appeals (business days)`,
};

/**
 * The desk's service levels (DECISIONS §6, Decisions and appeals): how many business days a pending
 * item of each queue may wait before the desk flags it as late. The super admin's setting.
 */
export function ServiceLevelsCard() {
  const { t, i18n } = useLingui();
  return (
    <SettingsFormCard
      icon={Timer}
      title={<Trans>Service levels</Trans>}
      description={
        <Trans>How many business days (Monday to Friday, UTC) a pending item may wait before the admin desk flags it as past its service level.</Trans>
      }
      label={t`Service levels`}
      loadFailure={t`The service levels could not be loaded.`}
      pick={(settings) => ({ serviceLevels: settings.serviceLevels })}
      saved={[t`Service Levels Updated`, t`The desk measures each pending item against the new service levels.`]}
      saveFailed={t`Failed to update service levels`}
      submit={<Trans>Save service levels</Trans>}
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {SERVICE_LEVEL_SUBJECTS.map((subject) => (
          <FormField key={subject} name={`serviceLevels.${subject}`} label={i18n._(QUEUE_LABELS[subject])} required asNumber>
            <Input type="number" inputMode="numeric" min={1} max={MAX_SERVICE_LEVEL_DAYS} step={1} />
          </FormField>
        ))}
      </div>
    </SettingsFormCard>
  );
}
