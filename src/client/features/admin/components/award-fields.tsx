import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { localizedAmount } from '../../../../shared/money-input.ts';
import { FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** The GCM and USDT a report is awarded, in a review and (`required`: typed, 0 included) in an appeal that overturns its rejection. */
export function AwardFields({ required = false }: { required?: boolean }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField name="gcmAwarded" label={t`GCM Awarded`} required={required}>
        <Input inputMode="decimal" autoComplete="off" />
      </FormField>
      <FormField name="usdtAwarded" label={t`USDT Awarded`} required={required}>
        <Input inputMode="decimal" autoComplete="off" />
      </FormField>
    </div>
  );
}

function typedAmount<T extends z.ZodType>(schema: T, locale: string) {
  return z.preprocess((value) => (typeof value === 'string' ? localizedAmount(value, locale) : value), schema);
}

/** The award fields of a form's schema, read as the page's language writes numbers ('12,5' in Spanish is 12.50, shared/money-input.ts). */
export function typedAwards<G extends z.ZodType, U extends z.ZodType>(shape: { gcmAwarded: G; usdtAwarded: U }, locale: string) {
  return { gcmAwarded: typedAmount(shape.gcmAwarded, locale), usdtAwarded: typedAmount(shape.usdtAwarded, locale) };
}
