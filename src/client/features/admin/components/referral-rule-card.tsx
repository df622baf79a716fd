import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Share2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { MAX_REFERRAL_CAP } from '../../../../shared/schemas/referrals.ts';
import { ZSettingsInput } from '../../../../shared/schemas/settings.ts';
import { useSettings } from '../../../api/settings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

const NO_RULE = { qualify: 'approved', gcm: '0', usdt: '0', monthlyCap: 0 } as const;

/**
 * The referral rule (DECISIONS §7, Referrals): what qualifies a referee, what a referral earns and
 * the monthly cap per referrer. It applies from the next month, fixed in that month's terms.
 */
export function ReferralRuleCard() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const { t } = useLingui();
  const form = useForm({
    resolver: zodResolver(ZSettingsInput),
    values: settings.data ? { referral: settings.data.referral ?? NO_RULE } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  return (
    <Card>
      <IconCardHeader
        icon={Share2}
        title={<Trans>Referral rule</Trans>}
        description={
          <Trans>
            What a referral earns its referrer. A change applies from the next month: each month’s terms fix the rule when the month begins, in the public log.
          </Trans>
        }
      />
      <CardContent>
        <QueryState query={settings} failure={t`The referral rule could not be loaded.`} loading={<Spinner />} compact>
          {() => (
            <Form
              form={form}
              aria-label={t`Referral rule`}
              className="flex flex-col gap-4"
              onSubmit={(values) =>
                update.mutate(values, {
                  onSuccess: () => notify.success(t`Referral Rule Updated`, t`It applies from the next month.`),
                  onError: (error) => notify.error(t`Failed to update the referral rule`, errorMessage(error)),
                })
              }
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
              <div>
                <Button type="submit" loading={update.isPending}>
                  <Trans>Save referral rule</Trans>
                </Button>
              </div>
            </Form>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
