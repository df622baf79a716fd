import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Timer } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ZSettingsInput } from '../../../../shared/schemas/settings.ts';
import { MAX_SERVICE_LEVEL_DAYS, SERVICE_LEVEL_SUBJECTS, type ServiceLevelSubject } from '../../../../shared/service-levels.ts';
import { useSettings } from '../../../api/settings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

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
  const settings = useSettings();
  const update = useUpdateSettings();
  const { t, i18n } = useLingui();
  const form = useForm({
    resolver: zodResolver(ZSettingsInput),
    values: settings.data ? { serviceLevels: settings.data.serviceLevels } : undefined,
    // The settings are read again when anyone changes them: a field being edited keeps what was typed.
    resetOptions: { keepDirtyValues: true },
  });
  return (
    <Card>
      <IconCardHeader
        icon={Timer}
        title={<Trans>Service levels</Trans>}
        description={
          <Trans>How many business days (Monday to Friday, UTC) a pending item may wait before the admin desk flags it as past its service level.</Trans>
        }
      />
      <CardContent>
        <QueryState query={settings} failure={t`The service levels could not be loaded.`} loading={<Spinner />} compact>
          {() => (
            <Form
              form={form}
              aria-label={t`Service levels`}
              className="flex flex-col gap-4"
              onSubmit={(values) =>
                update.mutate(values, {
                  onSuccess: () => notify.success(t`Service Levels Updated`, t`The desk measures each pending item against the new service levels.`),
                  onError: (error) => notify.error(t`Failed to update service levels`, errorMessage(error)),
                })
              }
            >
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {SERVICE_LEVEL_SUBJECTS.map((subject) => (
                  <FormField key={subject} name={`serviceLevels.${subject}`} label={i18n._(QUEUE_LABELS[subject])} required asNumber>
                    <Input type="number" inputMode="numeric" min={1} max={MAX_SERVICE_LEVEL_DAYS} step={1} />
                  </FormField>
                ))}
              </div>
              <div>
                <Button type="submit" loading={update.isPending}>
                  <Trans>Save service levels</Trans>
                </Button>
              </div>
            </Form>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
