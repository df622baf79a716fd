import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { dateIn, dateTimeIn } from '../../../../shared/localized-format.ts';
import { API_SCOPES, ZApiKeyInput, type ApiScope, type TApiKeyCreated, type TApiKeyView } from '../../../../shared/schemas/integrations.ts';
import { relativeTime } from '../../../components/relative-time.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, FormFieldset } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations.ts';
import { adminOutcome, createdOrRefused } from './admin-error.ts';
import { AdminList } from './admin-list.tsx';
import { ChoiceCheckboxes } from './choice-checkboxes.tsx';
import { CreateFormCard, RemoveDialog } from './admin-shells.tsx';
import { ShownOnceDialog } from './shown-once.tsx';

/** What each scope lets a key read. */
export const SCOPE_TEXT: Record<ApiScope, MessageDescriptor> = {
  'read:applications': msg`Applications`,
  'read:reports': msg`Reports`,
  'read:withdrawals': msg`Withdrawals`,
  'read:ambassadors': msg`Ambassadors`,
  'read:tasks': msg`Tasks`,
};

/** Make a key, show it once, list the keys in force and revoke one. */
export function ApiKeysSection() {
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <CreateApiKeyCard onCreated={setCreated} />
      <ApiKeyList />
      {created ? (
        <ShownOnceDialog title={t`API key created`} label={t`API key`} value={created.key} onClose={() => setCreated(null)}>
          <p className="text-sm text-muted">
            <Trans>
              Send it as <code translate="no">Authorization: Bearer …</code> to read the admin lists its scopes name. It never changes anything.
            </Trans>
          </p>
        </ShownOnceDialog>
      ) : null}
    </div>
  );
}

function CreateApiKeyCard({ onCreated }: { onCreated: (key: TApiKeyCreated) => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateApiKey();
  const form = useForm({ resolver: zodResolver(ZApiKeyInput), defaultValues: { name: '', scopes: [] as ApiScope[] } });
  const scopes = form.watch('scopes');
  const setScopes = (next: ApiScope[]) => form.setValue('scopes', next, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  const submit = (input: z.output<typeof ZApiKeyInput>) =>
    create.mutate(input, createdOrRefused(form, { name: '', scopes: [] }, onCreated, t`Failed to create the API key`));
  return (
    <CreateFormCard
      form={form}
      onSubmit={submit}
      icon={KeyRound}
      title={t`Create an API key`}
      description={<Trans>A key reads the admin lists its scopes name, from another system; it never changes anything.</Trans>}
      submitIcon={Plus}
      submit={<Trans>Create key</Trans>}
      pending={create.isPending}
    >
      <FormField name="name" label={t`Name`} required hint={t`Who or what uses it, e.g. “CRM export”.`}>
        <Input autoComplete="off" maxLength={100} />
      </FormField>
      <FormFieldset name="scopes" legend={t`Scopes`} required>
        <ChoiceCheckboxes
          choices={API_SCOPES}
          chosen={scopes}
          onChange={setScopes}
          idOf={(scope) => `api-key-scope-${scope.replace(':', '-')}`}
          padding="py-2.5"
        >
          {(scope) => (
            <span className="flex min-w-0 flex-col">
              <code translate="no" className="break-all font-mono text-xs">
                {scope}
              </code>
              <span className="text-muted">{i18n._(SCOPE_TEXT[scope])}</span>
            </span>
          )}
        </ChoiceCheckboxes>
      </FormFieldset>
    </CreateFormCard>
  );
}

function ApiKeyList() {
  const { t, i18n } = useLingui();
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<TApiKeyView | null>(null);
  const columns = (): Array<Column<TApiKeyView>> => [
    { header: t`Name`, cell: (key) => <span className="break-all font-semibold">{key.name}</span>, card: 'title' },
    {
      header: t`Prefix`,
      cell: (key) => (
        <code translate="no" className="font-mono text-xs">
          {key.prefix}…
        </code>
      ),
    },
    {
      header: t`Scopes`,
      cell: ({ name, scopes }) => (
        <ul className="flex flex-wrap gap-1" aria-label={t`Scopes of ${name}`}>
          {scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="secondary" translate="no">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
      ),
      card: 'block',
    },
    { header: t`Created`, cell: (key) => <span className="text-muted">{dateIn(key.createdAt, i18n.locale)}</span> },
    {
      header: t`Last used`,
      cell: (key) =>
        key.lastUsedAt ? (
          <time dateTime={key.lastUsedAt} title={dateTimeIn(key.lastUsedAt, i18n.locale)} className="text-muted">
            {relativeTime(key.lastUsedAt, Date.now(), i18n.locale)}
          </time>
        ) : (
          <span className="text-muted">
            <Trans>Never</Trans>
          </span>
        ),
    },
    actionsColumn(t`Actions`, (key) => {
      const name = key.name;
      return (
        <Button variant="destructive" size="sm" onClick={() => setRevoking(key)} aria-label={t`Revoke ${name}`}>
          <Trash2 aria-hidden="true" /> <Trans>Revoke</Trans>
        </Button>
      );
    }),
  ];
  return (
    <>
      <AdminList
        title={t`API keys in force`}
        description={t`The keys in force, newest first. The key itself is never shown again: its prefix tells keys apart.`}
        list={{ query: keys, items: keys.data ?? [] }}
        columns={columns}
        emptyText={t`No API keys yet`}
      />
      {revoking ? <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}

function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: TApiKeyView; onClose: () => void }) {
  const { t } = useLingui();
  const revoke = useRevokeApiKey();
  const name = apiKey.name;
  const confirm = () =>
    revoke.mutate(apiKey.id, adminOutcome({ title: t`API key revoked`, text: t`${name} no longer works.` }, t`Failed to revoke the API key`, onClose));
  return (
    <RemoveDialog
      onClose={onClose}
      title={t`Revoke API key`}
      description={t`${name} stops working at once: its next request is refused. This cannot be undone.`}
      onConfirm={confirm}
      pending={revoke.isPending}
      action={<Trans>Revoke</Trans>}
    />
  );
}
