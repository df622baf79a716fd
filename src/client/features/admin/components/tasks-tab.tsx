import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ClipboardCheck, ListChecks, Pencil, Plus } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { dateTimeIn } from '../../../../shared/localized-format.ts';
import { MAX_FACTS_LENGTH, type ReasonCode } from '../../../../shared/reasons.ts';
import {
  CLAIM_STATUSES,
  TASK_KINDS,
  TASK_PERIODS,
  ZTaskInput,
  ZTaskPatch,
  type TAdminClaimView,
  type TAdminTaskView,
  type TaskKind,
  type TaskPeriod,
} from '../../../../shared/schemas/tasks.ts';
import { resources } from '../../../api/resources.ts';
import { REASON_TEXT } from '../../../components/reason-text.ts';
import { CLAIM_STATUS_TEXT, Evidence, KIND_TEXT, PERIOD_TEXT, refusalText } from '../../../components/task-texts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EnumOptions, Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { ApiError, fieldText } from '../../../lib/api.ts';
import { apiRequest } from '../../../lib/api.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { adminError, adminOutcome } from './admin-error.ts';
import { AdminList, amountColumn, type RowDialogProps } from './admin-list.tsx';
import { ReasonOptions } from './reason-fields.tsx';
import { DECISION_MESSAGES } from '../../../../shared/schemas/messages.ts';

/** What each kind asks for, as the create form labels it. */
const PARAM_FIELDS: Record<TaskKind, ReadonlyArray<{ name: string; label: MessageDescriptor; hint: MessageDescriptor; optional?: boolean }>> = {
  telegram_member: [{ name: 'chatId', label: msg`Telegram chat id`, hint: msg`A number like -1001234567890, or @channelname. Our bot must be in the chat.` }],
  discord_member: [
    { name: 'guildId', label: msg`Discord server id`, hint: msg`Digits, as Discord’s developer mode copies it.` },
    { name: 'roleId', label: msg`Discord role id`, hint: msg`Optional: the member must also hold this role.`, optional: true },
  ],
  x_post: [{ name: 'mustContain', label: msg`Text the post must contain`, hint: msg`Compared ignoring case, like #GoalChain.` }],
  bsc_transfer: [
    { name: 'token', label: msg`Token contract`, hint: msg`The ERC-20 token’s address on BNB Smart Chain.` },
    { name: 'to', label: msg`Receiving address`, hint: msg`Where the ambassador must send it from their proven wallet.` },
    { name: 'minAmount', label: msg`Minimum amount`, hint: msg`In token units, like 10 or 0.5.` },
  ],
  manual: [],
};

/** Each value's text in the reader's language, for a select's options or a filter. */
function labelsOf<T extends string>(values: readonly T[], texts: Readonly<Record<T, MessageDescriptor>>): Record<string, string> {
  return Object.fromEntries(values.map((value) => [value, i18n._(texts[value])]));
}

function statusLabels(): Record<string, string> {
  return labelsOf(CLAIM_STATUSES, CLAIM_STATUS_TEXT);
}

/** An ISO time as a datetime-local field holds it (the admin's own time), and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

type Errors = Record<string, string>;

/** A zod refusal of the form's own, or the server's 400 (by each field's code), as messages by field path, in the page's language. */
function errorsOf(issues: ReadonlyArray<{ path: string; message: string; code?: string | null }>): Errors {
  const errors: Errors = {};
  for (const issue of issues)
    errors[issue.path] ??= 'code' in issue ? fieldText({ code: issue.code ?? null, message: issue.message }) : translatedMessage(issue.message);
  return errors;
}
function zodIssues(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

function taskColumns(open: (row: TAdminTaskView) => void): Array<Column<TAdminTaskView>> {
  return [
    { header: i18n._(msg`Task`), card: 'title', className: 'font-medium', cell: (row) => row.title },
    { header: i18n._(msg`Kind`), cell: (row) => i18n._(KIND_TEXT[row.kind]) },
    { header: i18n._(msg`Period`), cell: (row) => i18n._(PERIOD_TEXT[row.period]) },
    amountColumn('GCM', 'GCM', (row) => row.gcmReward),
    amountColumn('USDT', 'USDT', (row) => row.usdtReward),
    {
      header: i18n._(msg`Active`),
      card: 'aside',
      cell: (row) => (row.active ? i18n._(msg`Active`) : i18n._(msg`Inactive`)),
    },
    {
      header: i18n._(msg`Claims`),
      cell: (row) => {
        const { credited, refused, pendingReview } = row.claims;
        return <span className="text-xs">{i18n._(msg`${credited} credited, ${refused} refused, ${pendingReview} to review`)}</span>;
      },
    },
    actionsColumn(i18n._(msg`Edit`), (row) => {
      const title = row.title;
      return (
        <Button size="sm" variant="outline" onClick={() => open(row)} aria-label={i18n._(msg`Edit task ${title}`)}>
          <Pencil aria-hidden="true" /> {i18n._(msg`Edit`)}
        </Button>
      );
    }),
  ];
}

/** The admins' tasks (DECISIONS §7, Tasks): create one of each kind, change its texts, rewards and dates or turn it off, and read and review the claims. */
export function TasksTab() {
  const { t } = useLingui();
  const list = useAdminList(resources.adminTasks);
  const [creating, setCreating] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <AdminList
        title={t`Tasks`}
        icon={<ListChecks className="size-5 text-gold" aria-hidden="true" />}
        description={t`Tasks ambassadors claim; each claim is checked at once by the service that knows, or by an admin for a manual task.`}
        label={t`Tasks`}
        list={list}
        columns={taskColumns}
        Dialog={EditTaskDialog}
        emptyText={t`No tasks yet`}
        toolbar={
          <div className="mb-4 flex justify-end">
            <Button type="button" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" /> <Trans>New task</Trans>
            </Button>
          </div>
        }
      />
      {creating ? <CreateTaskDialog onClose={() => setCreating(false)} /> : null}
      <ClaimsList />
    </div>
  );
}

interface Draft {
  title: string;
  description: string;
  kind: TaskKind;
  params: Record<string, string>;
  gcmReward: string;
  usdtReward: string;
  period: TaskPeriod;
  startsAt: string;
  endsAt: string;
}

const EMPTY: Draft = {
  title: '',
  description: '',
  kind: 'telegram_member',
  params: {},
  gcmReward: '0',
  usdtReward: '0',
  period: 'once',
  startsAt: '',
  endsAt: '',
};

/**
 * A task dialog's draft and its sending: the body is checked by the shared schema first, then sent;
 * a refusal's messages (the schema's, or the server's by field) go under their fields, anything
 * else is the admin failure toast.
 */
function useTaskDraft<TDraft extends object>(initial: TDraft, schema: z.ZodType, send: (body: unknown) => Promise<TAdminTaskView>) {
  const [draft, setDraft] = useState<TDraft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation({ mutationFn: send });
  const set = (change: Partial<TDraft>) => setDraft((current) => ({ ...current, ...change }));
  const sendChecked = (body: object, success: { title: string; text: string }, failure: string, then: () => void) => {
    const checked = schema.safeParse(body);
    if (!checked.success) return setErrors(errorsOf(zodIssues(checked.error)));
    setErrors({});
    mutation.mutate(body, {
      ...adminOutcome(success, failure, then),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length) return setErrors(errorsOf(error.fieldErrors));
        adminError(failure)(error);
      },
    });
  };
  return { draft, set, errors, send: sendChecked, pending: mutation.isPending };
}

function CreateTaskDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n: lingui } = useLingui();
  const { draft, set, errors, send, pending } = useTaskDraft<Draft>(EMPTY, ZTaskInput, (body) => apiRequest<TAdminTaskView>('POST', '/api/admin/tasks', body));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Each of the kind's fields, an empty required one included (its own message then says what to write); an empty optional one left out.
    const params = Object.fromEntries(
      PARAM_FIELDS[draft.kind]
        .filter((field) => !field.optional || draft.params[field.name]?.trim())
        .map((field) => [field.name, draft.params[field.name] ?? '']),
    );
    const body = {
      title: draft.title,
      description: draft.description,
      kind: draft.kind,
      params,
      gcmReward: draft.gcmReward,
      usdtReward: draft.usdtReward,
      period: draft.period,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
    };
    send(body, { title: t`Task created`, text: t`Ambassadors can claim it now.` }, t`Failed to create the task`, onClose);
  };
  return (
    <ModalDialog onClose={onClose} title={t`New task`} description={t`The kind decides how a claim is checked.`} className="max-w-2xl">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t`New task`}>
        <TextFields draft={draft} set={set} errors={errors} />
        <Field label={t`Kind`} required>
          <NativeSelect value={draft.kind} onChange={(e) => set({ kind: e.target.value as TaskKind, params: {} })}>
            <EnumOptions values={TASK_KINDS} labels={labelsOf(TASK_KINDS, KIND_TEXT)} />
          </NativeSelect>
        </Field>
        {PARAM_FIELDS[draft.kind].map((field) => (
          <Field key={field.name} label={lingui._(field.label)} hint={lingui._(field.hint)} required={!field.optional} error={errors[`params.${field.name}`]}>
            <Input
              value={draft.params[field.name] ?? ''}
              onChange={(e) => set({ params: { ...draft.params, [field.name]: e.target.value } })}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        ))}
        {draft.kind === 'manual' ? (
          <p className="text-sm text-muted">
            <Trans>Manual claims go to the review desk, below, with the ambassador’s note.</Trans>
          </p>
        ) : null}
        <Field label={t`Period`} required hint={t`How often one ambassador may be credited: weeks and months in UTC.`}>
          <NativeSelect value={draft.period} onChange={(e) => set({ period: e.target.value as TaskPeriod })}>
            <EnumOptions values={TASK_PERIODS} labels={labelsOf(TASK_PERIODS, PERIOD_TEXT)} />
          </NativeSelect>
        </Field>
        <RewardAndDates draft={draft} set={set} errors={errors} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" loading={pending}>
            <Trans>Create task</Trans>
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}

type DraftFields = Pick<Draft, 'title' | 'description' | 'gcmReward' | 'usdtReward' | 'startsAt' | 'endsAt'>;

function TextFields({ draft, set, errors }: { draft: DraftFields; set: (change: Partial<DraftFields>) => void; errors: Errors }) {
  const { t } = useLingui();
  return (
    <>
      <Field label={t`Title`} required error={errors.title}>
        <Input value={draft.title} onChange={(e) => set({ title: e.target.value })} maxLength={120} />
      </Field>
      <Field label={t`Description`} error={errors.description} hint={t`What to do, as the ambassadors will read it.`}>
        <Textarea value={draft.description} onChange={(e) => set({ description: e.target.value })} rows={3} maxLength={2000} />
      </Field>
    </>
  );
}

function RewardAndDates({ draft, set, errors }: { draft: DraftFields; set: (change: Partial<DraftFields>) => void; errors: Errors }) {
  const { t } = useLingui();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t`GCM reward`} required error={errors.gcmReward}>
          <Input value={draft.gcmReward} onChange={(e) => set({ gcmReward: e.target.value })} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field label={t`USDT reward`} required error={errors.usdtReward}>
          <Input value={draft.usdtReward} onChange={(e) => set({ usdtReward: e.target.value })} inputMode="decimal" autoComplete="off" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t`Starts (your time)`} hint={t`Empty: from now.`} error={errors.startsAt}>
          <Input type="datetime-local" value={draft.startsAt} onChange={(e) => set({ startsAt: e.target.value })} />
        </Field>
        <Field label={t`Ends (your time)`} hint={t`Empty: no end.`} error={errors.endsAt}>
          <Input type="datetime-local" value={draft.endsAt} onChange={(e) => set({ endsAt: e.target.value })} />
        </Field>
      </div>
    </>
  );
}

function EditTaskDialog({ row, onClose }: RowDialogProps<TAdminTaskView>) {
  const { t, i18n: lingui } = useLingui();
  const { draft, set, errors, send, pending } = useTaskDraft<DraftFields & { active: boolean }>(
    {
      title: row.title,
      description: row.description,
      gcmReward: row.gcmReward,
      usdtReward: row.usdtReward,
      startsAt: toLocalInput(row.startsAt),
      endsAt: toLocalInput(row.endsAt),
      active: row.active,
    },
    ZTaskPatch,
    (body) => apiRequest<TAdminTaskView>('PATCH', `/api/admin/tasks/${encodeURIComponent(row.id)}`, body),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title: draft.title,
      description: draft.description,
      active: draft.active,
      gcmReward: draft.gcmReward,
      usdtReward: draft.usdtReward,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
    };
    send(body, { title: t`Task saved`, text: t`A changed reward applies to later claims.` }, t`Failed to save the task`, onClose);
  };
  const kind = lingui._(KIND_TEXT[row.kind]);
  const params = Object.entries(row.params)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
  return (
    <ModalDialog onClose={onClose} title={t`Edit task`} description={params ? `${kind} (${params})` : kind} className="max-w-2xl">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t`Edit task`}>
        <TextFields draft={draft} set={set} errors={errors} />
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} className="size-4 accent-gold" />
          <Trans>Active: ambassadors see it and can claim it</Trans>
        </label>
        <RewardAndDates draft={draft} set={set} errors={errors} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" loading={pending}>
            <Trans>Save</Trans>
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}

function claimColumns(open: (row: TAdminClaimView) => void): Array<Column<TAdminClaimView>> {
  return [
    {
      header: i18n._(msg`Ambassador`),
      card: 'title',
      cell: (row) => (
        <>
          <p className="font-semibold">{row.ambassadorName}</p>
          <p className="text-xs text-muted">{row.taskTitle}</p>
        </>
      ),
    },
    { header: i18n._(msg`Status`), card: 'aside', cell: (row) => <span data-testid="claim-status">{i18n._(CLAIM_STATUS_TEXT[row.status])}</span> },
    {
      header: i18n._(msg`Verdict`),
      card: 'block',
      cell: (row) => <ClaimDetails row={row} />,
    },
    { header: i18n._(msg`Claimed`), cell: (row) => <span className="text-muted">{dateTimeIn(row.at, i18n.locale)}</span> },
    actionsColumn(i18n._(msg`Review`), (row) => {
      if (row.status !== 'pending_review') return null;
      const name = row.ambassadorName;
      return (
        <Button size="sm" onClick={() => open(row)} aria-label={i18n._(msg`Review claim of ${name}`)}>
          <ClipboardCheck aria-hidden="true" /> {i18n._(msg`Review`)}
        </Button>
      );
    }),
  ];
}

function ClaimDetails({ row }: { row: TAdminClaimView }) {
  const reason = refusalText(row.reasonCode, row.evidence, (m) => i18n._(m));
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs">
      {reason ? (
        <p>
          <span className="font-mono">{row.reasonCode}</span>: {reason}
        </p>
      ) : null}
      {row.note ? <p className="whitespace-pre-line">{row.note}</p> : null}
      {row.facts ? <p className="text-muted">{row.facts}</p> : null}
      <Evidence evidence={row.evidence} />
    </div>
  );
}

function ClaimsList() {
  const { t } = useLingui();
  const tasks = useQuery(resources.adminTasks({ limit: 100, offset: 0 }));
  const taskItems = tasks.data?.items ?? [];
  const list = useAdminList(resources.adminTaskClaims, {
    filter: CLAIM_STATUSES,
    filterLabels: statusLabels(),
    moreFilters: [
      {
        param: 'taskId',
        name: t`Task`,
        values: taskItems.map((task) => task.id),
        labels: Object.fromEntries(taskItems.map((task) => [task.id, task.title])),
      },
    ],
  });
  return (
    <AdminList
      title={t`Task claims`}
      description={t`Each claim with what the service answered; manual claims wait here for review.`}
      label={t`Task claims`}
      list={list}
      columns={claimColumns}
      Dialog={ReviewClaimDialog}
      emptyText={t`No claims found`}
    />
  );
}

function ReviewClaimDialog({ row, onClose }: RowDialogProps<TAdminClaimView>) {
  const { t, i18n: lingui } = useLingui();
  const [reasonCode, setReasonCode] = useState<ReasonCode | ''>('');
  const [facts, setFacts] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const review = useMutation({
    mutationFn: (body: { decision: 'approved' | 'rejected'; reasonCode: ReasonCode | null; facts: string | null }) =>
      apiRequest<TAdminClaimView>('POST', `/api/admin/task-claims/${encodeURIComponent(row.id)}/review`, body),
  });
  const decide = (decision: 'approved' | 'rejected') => {
    if (decision === 'rejected' && !reasonCode) return setMissing(translatedMessage(DECISION_MESSAGES.reasonRequired));
    setMissing(undefined);
    review.mutate(
      { decision, reasonCode: decision === 'rejected' && reasonCode ? reasonCode : null, facts: facts.trim() || null },
      adminOutcome(
        decision === 'approved'
          ? { title: t`Claim approved`, text: t`The ambassador is credited.` }
          : { title: t`Claim rejected`, text: t`The ambassador reads the reason.` },
        t`Failed to review the claim`,
        onClose,
      ),
    );
  };
  const name = row.ambassadorName;
  const title = row.taskTitle;
  return (
    <ModalDialog onClose={onClose} title={t`Review claim of ${name}`} description={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          decide('approved');
        }}
        className="flex flex-col gap-4"
        aria-label={t`Review claim of ${name}`}
      >
        <Detail label={t`Note`}>{row.note ? <p className="whitespace-pre-line text-sm">{row.note}</p> : <p className="text-sm text-muted">—</p>}</Detail>
        <Field
          label={t`Reason (to reject)`}
          error={missing}
          hint={reasonCode ? lingui._(REASON_TEXT[reasonCode].rule) : t`The person reads this reason and its rule.`}
        >
          <NativeSelect value={reasonCode} onChange={(e) => setReasonCode(e.target.value as ReasonCode | '')}>
            <ReasonOptions subject="report" none={t`Choose a reason`} />
          </NativeSelect>
        </Field>
        <Field label={t`Facts (shown to the ambassador)`}>
          <Textarea value={facts} onChange={(e) => setFacts(e.target.value)} rows={3} maxLength={MAX_FACTS_LENGTH} />
        </Field>
        <DialogFooter>
          <Button
            type="button"
            variant="destructive"
            loading={review.isPending && review.variables?.decision === 'rejected'}
            onClick={() => decide('rejected')}
          >
            <Trans>Reject</Trans>
          </Button>
          <Button type="submit" variant="success" loading={review.isPending && review.variables?.decision === 'approved'}>
            <Trans>Approve: credit it</Trans>
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs font-medium text-muted">{label}</p>
      {children}
    </div>
  );
}
