import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Wallet } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZProfileWalletForm, type TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import { useAmbassadorEditor } from '../../../api/ambassador.ts';
import { profileSavedToasts } from './profile-saved.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { EditButtons, SectionCard, type EditState } from './section-card.tsx';

export function WalletSection({ ambassador, mode, setMode }: EditState & { ambassador: TOwnAmbassador }) {
  const { t, i18n } = useLingui();
  const editing = mode === 'wallet';
  // The record is read again on every change of the account (DECISIONS §6): what is being typed stays.
  const form = useForm({
    resolver: zodResolver(ZProfileWalletForm),
    values: { usdtWalletAddress: ambassador.usdtWalletAddress ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const editor = useAmbassadorEditor(form, {
    ...profileSavedToasts(i18n),
    then: () => setMode('none'),
  });
  return (
    <SectionCard
      icon={<Wallet />}
      title={t`Wallet Addresses (BEP20)`}
      description={t`Where your rewards are paid, on BNB Smart Chain.`}
      editing={editing}
      onEdit={() => setMode('wallet')}
      editLabel={t`Edit wallet addresses`}
    >
      {editing ? (
        <Form
          form={form}
          onSubmit={(changes: z.output<typeof ZProfileWalletForm>) => editor.save(changes)}
          className="flex flex-col gap-4"
          aria-label={t`Edit wallet addresses`}
        >
          <Field label={t`GCM Wallet Address`} hint={t`Coming Soon - GCM wallet integration pending`}>
            <Input disabled value={ambassador.gcmWalletAddress ?? ''} placeholder={t`Coming Soon`} readOnly />
          </Field>
          <FormField name="usdtWalletAddress" label={t`USDT Wallet Address (BEP20)`}>
            <Input placeholder="0x..." autoComplete="off" spellCheck={false} className="font-mono" />
          </FormField>
          <EditButtons pending={editor.pending} onCancel={() => setMode('none')} />
        </Form>
      ) : (
        <dl className="grid gap-3 text-sm">
          <div className="rounded-lg border border-border px-3 py-2">
            <dt className="text-xs text-muted">
              <Trans>GCM Wallet</Trans>
            </dt>
            <dd className="mt-0.5 break-all font-mono">
              {ambassador.gcmWalletAddress ?? (
                <span className="font-sans text-muted">
                  <Trans>Coming Soon - GCM wallet integration pending</Trans>
                </span>
              )}
            </dd>
          </div>
          <div className="rounded-lg border border-border px-3 py-2">
            <dt className="text-xs text-muted">
              <Trans>USDT Wallet (BEP20)</Trans>
            </dt>
            <dd className="mt-0.5 break-all font-mono">
              {ambassador.usdtWalletAddress ?? (
                <span className="font-sans text-muted">
                  <Trans>Not set</Trans>
                </span>
              )}
            </dd>
          </div>
        </dl>
      )}
    </SectionCard>
  );
}
