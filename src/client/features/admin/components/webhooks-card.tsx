import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pause, Pencil, Play, Plus, RefreshCw, RotateCcw, ScrollText, Send, Trash2, Webhook, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { countIn, dateTimeIn } from '../../../../shared/localized-format.ts';
import { DEFAULT_LOCALE, INTL_LOCALES, isLocale } from '../../../../shared/locales.ts';
import {
  WEBHOOK_EVENT_TYPES,
  ZWebhookInput,
  type TWebhookAttemptView,
  type TWebhookDeliveryView,
  type TWebhookView,
  type WebhookDeliveryStatus,
  type WebhookDisabledReason,
  type WebhookEventType,
} from '../../../../shared/schemas/integrations.ts';
import { resources } from '../../../api/resources.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ModalDialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FormField, FormFieldset } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { focusStatic } from '../../../lib/page-focus.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useReplayDelivery,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/integrations.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { adminError, adminFormError, adminOutcome, createdOrRefused } from './admin-error.ts';
import { AdminList } from './admin-list.tsx';
import { ChoiceCheckboxes } from './choice-checkboxes.tsx';
import { CreateFormCard, FormDialog, RemoveDialog } from './admin-shells.tsx';
import { ShownOnceDialog } from './shown-once.tsx';

/** Deliveries a page of the log shows. */
const DELIVERIES_PAGE = 10;

const DISABLED_TEXT: Record<WebhookDisabledReason, MessageDescriptor> = {
  manual: msg`Paused by an admin`,
  gone: msg`Turned off by itself: the endpoint answered 410 Gone`,
  failing: msg`Turned off by itself: its deliveries failed for 5 days`,
};

const DELIVERY_STATUS_TEXT: Record<WebhookDeliveryStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
};

/** A moment to the second, in the page's language: a delivery log is read closely. */
function momentIn(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString(INTL_LOCALES[isLocale(locale) ? locale : DEFAULT_LOCALE], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** Add an endpoint (its secret shown once), list them with their state and actions, and one endpoint's delivery log. */
export function WebhooksSection() {
  const { t } = useLingui();
  const [created, setCreated] = useState<{ secret: string } | null>(null);
  const [logOf, setLogOf] = useState<TWebhookView | null>(null);
  const webhooks = useWebhooks();
  // The endpoint whose log is open, as listed now (its log closes when it is deleted).
  const shown = logOf ? (webhooks.data?.find((w) => w.id === logOf.id) ?? null) : null;
  const endpoints = useRef<HTMLDivElement>(null);
  // The log closed: the focus goes back to the list of endpoints (its button may be far above).
  const closeLog = () => {
    setLogOf(null);
    const heading = endpoints.current?.querySelector<HTMLElement>('h2');
    if (heading) focusStatic(heading);
  };
  return (
    <div className="flex flex-col gap-6">
      <AddWebhookCard onCreated={setCreated} />
      <div ref={endpoints}>
        <WebhookList onShowLog={setLogOf} />
      </div>
      {shown ? <DeliveryLog endpoint={shown} onClose={closeLog} /> : null}
      {created ? (
        <ShownOnceDialog title={t`Webhook endpoint added`} label={t`Signing secret`} value={created.secret} onClose={() => setCreated(null)}>
          <p className="text-sm text-muted">
            <Trans>
              Each delivery is signed with it as Standard Webhooks says (<code translate="no">webhook-signature</code>): give it to the receiver so that it can
              check every request came from here.
            </Trans>
          </p>
        </ShownOnceDialog>
      ) : null}
    </div>
  );
}

/** The event types as checkboxes, bound to the form's `events`. */
function EventChoices({ idPrefix }: { idPrefix: string }) {
  const { t } = useLingui();
  const form = useFormContext<{ events: WebhookEventType[] }>();
  const events = form.watch('events');
  const set = (next: WebhookEventType[]) => form.setValue('events', next, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  const all = events.length === WEBHOOK_EVENT_TYPES.length;
  return (
    <FormFieldset name="events" legend={t`Events`} required>
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
        <Checkbox checked={all} onCheckedChange={(value) => set(value === true ? [...WEBHOOK_EVENT_TYPES] : [])} />
        <Trans>All event types</Trans>
      </label>
      <ChoiceCheckboxes choices={WEBHOOK_EVENT_TYPES} chosen={events} onChange={set} idOf={(type) => `${idPrefix}-${type.replace('.', '-')}`} padding="py-2">
        {(type) => (
          <code translate="no" className="break-all font-mono text-xs">
            {type}
          </code>
        )}
      </ChoiceCheckboxes>
    </FormFieldset>
  );
}

function AddWebhookCard({ onCreated }: { onCreated: (created: { secret: string }) => void }) {
  const { t } = useLingui();
  const create = useCreateWebhook();
  const form = useForm({ resolver: zodResolver(ZWebhookInput), defaultValues: { url: '', description: '', events: [] as WebhookEventType[] } });
  const submit = (input: z.output<typeof ZWebhookInput>) =>
    create.mutate(
      input,
      createdOrRefused(
        form,
        { url: '', description: '', events: [] },
        (webhook) => onCreated({ secret: webhook.secret }),
        t`Failed to add the webhook endpoint`,
      ),
    );
  return (
    <CreateFormCard
      form={form}
      onSubmit={submit}
      icon={Webhook}
      title={t`Add a webhook endpoint`}
      description={<Trans>Events of the types you choose are sent to this address as signed POST requests (Standard Webhooks).</Trans>}
      submitIcon={Plus}
      submit={<Trans>Add endpoint</Trans>}
      pending={create.isPending}
    >
      <FormField name="url" label={t`URL`} required hint={t`Where events are sent: an https:// address.`}>
        <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} />
      </FormField>
      <FormField name="description" label={t`Description`} hint={t`What receives them, for whoever reads this list later.`}>
        <Input autoComplete="off" maxLength={500} />
      </FormField>
      <EventChoices idPrefix="new-webhook" />
    </CreateFormCard>
  );
}

function EndpointState({ endpoint }: { endpoint: TWebhookView }) {
  const { i18n } = useLingui();
  const failingSince = endpoint.failingSince ? dateTimeIn(endpoint.failingSince, i18n.locale) : null;
  const rotatingUntil = endpoint.rotatingUntil ? dateTimeIn(endpoint.rotatingUntil, i18n.locale) : null;
  return (
    <div className="flex flex-col items-start gap-1 whitespace-normal text-xs">
      {endpoint.enabled ? (
        <Badge variant="success">
          <Trans>Enabled</Trans>
        </Badge>
      ) : (
        <>
          <Badge variant={endpoint.disabledReason === 'manual' ? 'secondary' : 'destructive'}>
            {endpoint.disabledReason === 'manual' ? <Trans>Paused</Trans> : <Trans>Disabled</Trans>}
          </Badge>
          <span className="text-muted">{i18n._(DISABLED_TEXT[endpoint.disabledReason ?? 'manual'])}</span>
        </>
      )}
      {failingSince ? (
        <span className="text-danger">
          <Trans>Failing since {failingSince}</Trans>
        </span>
      ) : null}
      {rotatingUntil ? (
        <span className="text-muted">
          <Trans>Old and new secret both sign until {rotatingUntil}</Trans>
        </span>
      ) : null}
    </div>
  );
}

type EndpointDialog = { kind: 'events' | 'rotate' | 'delete'; endpoint: TWebhookView };

function WebhookList({ onShowLog }: { onShowLog: (endpoint: TWebhookView) => void }) {
  const { t } = useLingui();
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const sendTest = useSendTestWebhook();
  const [dialog, setDialog] = useState<EndpointDialog | null>(null);
  const toggle = (endpoint: TWebhookView) => {
    const url = endpoint.url;
    update.mutate(
      { endpointId: endpoint.id, patch: { enabled: !endpoint.enabled } },
      endpoint.enabled
        ? adminOutcome({ title: t`Endpoint paused`, text: t`Nothing is sent to ${url} until it is resumed.` }, t`Failed to pause the endpoint`)
        : adminOutcome({ title: t`Endpoint resumed`, text: t`Events are sent to ${url} again.` }, t`Failed to resume the endpoint`),
    );
  };
  const test = (endpoint: TWebhookView) =>
    sendTest.mutate(
      endpoint.id,
      adminOutcome({ title: t`Test event sent`, text: t`Its delivery shows in the endpoint's delivery log.` }, t`Failed to send the test event`),
    );
  const columns = (): Array<Column<TWebhookView>> => [
    {
      header: t`Endpoint`,
      card: 'title',
      className: 'max-w-xs whitespace-normal',
      cell: (endpoint) => (
        <>
          <p translate="no" className="break-all font-mono text-xs font-semibold">
            {endpoint.url}
          </p>
          {endpoint.description ? <p className="break-words text-xs text-muted">{endpoint.description}</p> : null}
        </>
      ),
    },
    {
      header: t`Events`,
      card: 'block',
      className: 'max-w-xs whitespace-normal',
      cell: ({ url, events }) => (
        <ul className="flex flex-wrap gap-1" aria-label={t`Events sent to ${url}`}>
          {events.map((type) => (
            <li key={type}>
              <Badge variant="outline" translate="no" className="font-mono">
                {type}
              </Badge>
            </li>
          ))}
        </ul>
      ),
    },
    { header: t`State`, card: 'block', cell: (endpoint) => <EndpointState endpoint={endpoint} /> },
    actionsColumn(t`Actions`, (endpoint) => {
      const url = endpoint.url;
      return (
        <div className="flex max-w-xs flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onShowLog(endpoint)} aria-label={t`Delivery log of ${url}`}>
            <ScrollText aria-hidden="true" /> <Trans>Delivery log</Trans>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => test(endpoint)}
            loading={sendTest.isPending && sendTest.variables === endpoint.id}
            aria-label={t`Send test event to ${url}`}
          >
            <Send aria-hidden="true" /> <Trans>Send test event</Trans>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => toggle(endpoint)}
            loading={update.isPending && update.variables.endpointId === endpoint.id}
            aria-label={endpoint.enabled ? t`Pause ${url}` : t`Resume ${url}`}
          >
            {endpoint.enabled ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />} {endpoint.enabled ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'events', endpoint })} aria-label={t`Edit events of ${url}`}>
            <Pencil aria-hidden="true" /> <Trans>Edit events</Trans>
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'rotate', endpoint })} aria-label={t`Rotate secret of ${url}`}>
            <RotateCcw aria-hidden="true" /> <Trans>Rotate secret</Trans>
          </Button>
          <Button variant="destructive" size="sm" onClick={() => setDialog({ kind: 'delete', endpoint })} aria-label={t`Delete ${url}`}>
            <Trash2 aria-hidden="true" /> <Trans>Delete</Trans>
          </Button>
        </div>
      );
    }),
  ];
  const close = () => setDialog(null);
  return (
    <>
      <AdminList
        title={t`Webhook endpoints`}
        description={t`Newest first. An endpoint that answers 410 Gone, or fails for 5 days, is turned off by itself and every admin is emailed.`}
        list={{ query: webhooks, items: webhooks.data ?? [] }}
        columns={columns}
        emptyText={t`No webhook endpoints yet`}
      />
      {dialog?.kind === 'events' ? <EditEventsDialog endpoint={dialog.endpoint} onClose={close} /> : null}
      {dialog?.kind === 'rotate' ? <RotateSecretDialog endpoint={dialog.endpoint} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteWebhookDialog endpoint={dialog.endpoint} onClose={close} /> : null}
    </>
  );
}

const ZEventsInput = ZWebhookInput.pick({ events: true });

function EditEventsDialog({ endpoint, onClose }: { endpoint: TWebhookView; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateWebhook();
  const form = useForm({ resolver: zodResolver(ZEventsInput), defaultValues: { events: [...endpoint.events] } });
  const url = endpoint.url;
  const submit = (input: z.output<typeof ZEventsInput>) =>
    update.mutate(
      { endpointId: endpoint.id, patch: { events: input.events } },
      {
        ...adminOutcome({ title: t`Events changed`, text: t`${url} now receives the events chosen.` }, t`Failed to change the events`, onClose),
        onError: adminFormError(form, t`Failed to change the events`),
      },
    );
  return (
    <FormDialog
      onClose={onClose}
      title={t`Edit events`}
      description={t`The events sent to ${url} from now on.`}
      form={form}
      onSubmit={submit}
      submit={<Trans>Save events</Trans>}
      pending={update.isPending}
    >
      <EventChoices idPrefix="edit-webhook" />
    </FormDialog>
  );
}

function RotateSecretDialog({ endpoint, onClose }: { endpoint: TWebhookView; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<{ secret: string; rotatingUntil: string } | null>(null);
  const url = endpoint.url;
  if (rotated) {
    const until = dateTimeIn(rotated.rotatingUntil, i18n.locale);
    return (
      <ShownOnceDialog title={t`New signing secret`} label={t`Signing secret`} value={rotated.secret} onClose={onClose}>
        <p className="text-sm">
          <Trans>Until {until}, every delivery is signed with both the old and the new secret: give the receiver the new one before then.</Trans>
        </p>
      </ShownOnceDialog>
    );
  }
  const confirm = () => rotate.mutate(endpoint.id, { onSuccess: setRotated, onError: adminError(t`Failed to rotate the secret`) });
  return (
    <ModalDialog onClose={onClose} title={t`Rotate secret`} description={t`A new signing secret for ${url}, shown once.`}>
      <p className="text-sm">
        <Trans>For 24 hours both the old and the new secret sign each delivery, so the receiver can switch to the new one without losing an event.</Trans>
      </p>
      <DialogActions onCancel={onClose}>
        <Button onClick={confirm} loading={rotate.isPending}>
          <RotateCcw aria-hidden="true" /> <Trans>Rotate secret</Trans>
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

function DeleteWebhookDialog({ endpoint, onClose }: { endpoint: TWebhookView; onClose: () => void }) {
  const { t } = useLingui();
  const remove = useDeleteWebhook();
  const url = endpoint.url;
  const confirm = () =>
    remove.mutate(
      endpoint.id,
      adminOutcome({ title: t`Endpoint deleted`, text: t`Nothing more is sent to ${url}.` }, t`Failed to delete the endpoint`, onClose),
    );
  return (
    <RemoveDialog
      onClose={onClose}
      title={t`Delete endpoint`}
      description={t`${url} and its delivery log are deleted, and nothing more is sent to it. This cannot be undone.`}
      onConfirm={confirm}
      pending={remove.isPending}
      action={<Trans>Delete</Trans>}
    />
  );
}

function Attempts({ attempts }: { attempts: TWebhookAttemptView[] }) {
  const { t, i18n } = useLingui();
  if (!attempts.length)
    return (
      <span className="text-muted">
        <Trans>Not tried yet</Trans>
      </span>
    );
  return (
    <ol className="flex flex-col gap-2" aria-label={t`Attempts, newest first`}>
      {attempts.map((attempt, index) => {
        const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
        const status = attempt.status === null ? null : String(attempt.status);
        const took = countIn(attempt.durationMs, i18n.locale);
        const next = attempt.nextRetryAt ? momentIn(attempt.nextRetryAt, i18n.locale) : null;
        return (
          <li key={`${attempt.at}-${index}`} className="flex flex-col gap-0.5 border-l-2 border-border pl-2" data-testid="webhook-attempt">
            <span className="flex flex-wrap items-center gap-2">
              <time dateTime={attempt.at} className="text-muted">
                {momentIn(attempt.at, i18n.locale)}
              </time>
              <Badge variant={ok ? 'success' : 'destructive'}>{status === null ? <Trans>No answer</Trans> : <Trans>HTTP {status}</Trans>}</Badge>
              <span className="text-muted">
                <Trans>{took} ms</Trans>
              </span>
            </span>
            {attempt.response ? (
              <code translate="no" className="block max-w-sm break-all rounded bg-surface-2 px-1.5 py-0.5 font-mono text-[11px]">
                {attempt.response}
              </code>
            ) : null}
            {next ? (
              <span className="text-gold">
                <Trans>Next retry: {next}</Trans>
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** One endpoint's deliveries, newest first, each attempt with its answer, paged; any delivery can be sent again. */
function DeliveryLog({ endpoint, onClose }: { endpoint: TWebhookView; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const list = useAdminList(resources.webhookDeliveries, { fixed: { endpoint: endpoint.id }, pageSize: DELIVERIES_PAGE });
  const replay = useReplayDelivery();
  const region = useRef<HTMLDivElement>(null);
  const url = endpoint.url;
  // Opened from a row's button: the focus moves to the log's heading, which says whose log it is.
  useEffect(() => {
    const heading = region.current?.querySelector<HTMLElement>('h2, h3');
    if (heading) focusStatic(heading);
  }, [endpoint.id]);
  const columns = (): Array<Column<TWebhookDeliveryView>> => [
    {
      header: t`Event`,
      card: 'title',
      cell: (delivery) => (
        <>
          <p translate="no" className="font-mono text-xs font-semibold">
            {delivery.type}
          </p>
          <p translate="no" className="break-all font-mono text-[11px] text-muted">
            {delivery.eventId}
          </p>
          <p className="text-xs text-muted">{momentIn(delivery.createdAt, i18n.locale)}</p>
        </>
      ),
    },
    {
      header: t`Status`,
      card: 'aside',
      cell: (delivery) => (
        <Badge variant={delivery.status === 'delivered' ? 'success' : delivery.status === 'failed' ? 'destructive' : 'warning'}>
          {i18n._(DELIVERY_STATUS_TEXT[delivery.status])}
        </Badge>
      ),
    },
    { header: t`Attempts`, card: 'block', className: 'whitespace-normal text-xs', cell: (delivery) => <Attempts attempts={delivery.attempts} /> },
    actionsColumn(t`Actions`, (delivery) => {
      const type = delivery.type;
      const when = momentIn(delivery.createdAt, i18n.locale);
      return (
        <Button
          variant="outline"
          size="sm"
          loading={replay.isPending && replay.variables === delivery.id}
          onClick={() =>
            replay.mutate(
              delivery.id,
              adminOutcome({ title: t`Delivery replayed`, text: t`${type} is sent again, with the same webhook-id.` }, t`Failed to replay the delivery`),
            )
          }
          aria-label={t`Replay ${type} of ${when}`}
        >
          <RefreshCw aria-hidden="true" /> <Trans>Replay</Trans>
        </Button>
      );
    }),
  ];
  return (
    <div ref={region} className="relative">
      <AdminList
        title={t`Delivery log: ${url}`}
        label={t`Delivery log`}
        icon={<ScrollText className="size-5 shrink-0 text-gold" aria-hidden="true" />}
        description={t`Every attempt, newest first: when, the answer's status and first bytes, and when it is tried again.`}
        list={list}
        columns={columns}
        emptyText={t`Nothing has been sent to this endpoint yet`}
        toolbar={
          <div className="mb-3 flex justify-end">
            <Button variant="ghost" size="sm" onClick={onClose}>
              <X aria-hidden="true" /> <Trans>Close the log</Trans>
            </Button>
          </div>
        }
      />
    </div>
  );
}
