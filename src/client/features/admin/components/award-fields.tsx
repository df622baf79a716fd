import { useLingui } from '@lingui/react/macro';
import { FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** The GCM and USDT a report is awarded, in a review and in an appeal that overturns its rejection. */
export function AwardFields() {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField name="gcmAwarded" label={t`GCM Awarded`}>
        <Input type="number" inputMode="decimal" min={0} step="0.01" />
      </FormField>
      <FormField name="usdtAwarded" label={t`USDT Awarded`}>
        <Input type="number" inputMode="decimal" min={0} step="0.01" />
      </FormField>
    </div>
  );
}
