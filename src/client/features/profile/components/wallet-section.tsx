import { zodResolver } from '@hookform/resolvers/zod';
import { Wallet } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZProfileWalletForm, type TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import { useAmbassadorEditor } from '../../../api/ambassador.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { EditButtons, SectionCard, type EditState } from './section-card.tsx';

export function WalletSection({ ambassador, mode, setMode }: EditState & { ambassador: TOwnAmbassador }) {
  const editing = mode === 'wallet';
  // The record is read again on every change of the account (DECISIONS §6): what is being typed stays.
  const form = useForm({
    resolver: zodResolver(ZProfileWalletForm),
    values: { usdtWalletAddress: ambassador.usdtWalletAddress ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const editor = useAmbassadorEditor(form, {
    title: 'Profile Updated',
    description: 'Your profile has been updated successfully.',
    then: () => setMode('none'),
  });
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
        <Form
          form={form}
          onSubmit={(changes: z.output<typeof ZProfileWalletForm>) => editor.save(changes)}
          className="flex flex-col gap-4"
          aria-label="Edit wallet addresses"
        >
          <Field label="GCM Wallet Address" hint="Coming Soon - GCM wallet integration pending">
            <Input disabled value={ambassador.gcmWalletAddress ?? ''} placeholder="Coming Soon" readOnly />
          </Field>
          <FormField name="usdtWalletAddress" label="USDT Wallet Address (BEP20)">
            <Input placeholder="0x..." autoComplete="off" spellCheck={false} className="font-mono" />
          </FormField>
          <EditButtons pending={editor.pending} onCancel={() => setMode('none')} />
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
