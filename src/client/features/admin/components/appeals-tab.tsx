import { zodResolver } from '@hookform/resolvers/zod';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { formatDateTime, formatUsdt, formatWeek } from '../../../../shared/format.ts';
import { moneySchema } from '../../../../shared/schemas/common.ts';
import { isReasonCode } from '../../../../shared/reasons.ts';
import { SAME_ADMIN_MESSAGE, flagsOf, useDecideAppeal, type TAdminAppealView } from '../../../api/decisions.ts';
import { resources } from '../../../api/resources.ts';
import { DecisionReason } from '../../../components/decision-reason.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { adminError } from './admin-error.ts';
import { AdminList, ambassadorColumn, type RowDialogProps } from './admin-list.tsx';
import { TextBlock } from './detail-list.tsx';
import { AwardFields } from './award-fields.tsx';
import { FactsField, ZFacts } from './reason-fields.tsx';
import { ageColumn } from './service-age.tsx';

const APPEAL_STATUSES = ['pending', 'upheld', 'overturned'] as const;

function subjectText(appeal: TAdminAppealView): string {
  const d = appeal.decision;
  if (appeal.kind === 'report') return d.weekStartDate && d.weekEndDate ? `Report, ${formatWeek(d.weekStartDate, d.weekEndDate)}` : 'Report';
  return d.amount ? `Withdrawal of ${formatUsdt(d.amount)}` : 'Withdrawal';
}

function columns(open: (row: TAdminAppealView) => void): Array<Column<TAdminAppealView>> {
  return [
    ambassadorColumn(),
    { header: 'Decision appealed', cell: (a) => subjectText(a) },
    { header: 'Appealed', cell: (a) => <span className="text-muted">{formatDateTime(a.createdAt)}</span> },
    ageColumn(),
    { header: 'Status', card: 'aside', cell: (a) => <AppealStatusBadge status={a.status} /> },
    actionsColumn('Decide', (a) => (
      <Button
        variant={a.status === 'pending' ? 'default' : 'outline'}
        size="sm"
        onClick={() => open(a)}
        aria-label={`${a.status === 'pending' ? 'Decide' : 'View'} appeal of ${a.ambassador.fullName}`}
      >
        <Scale aria-hidden="true" /> {a.status === 'pending' ? 'Decide' : 'View'}
      </Button>
    )),
  ];
}

function AppealStatusBadge({ status }: { status: string }) {
  // Upheld: the rejection stands; overturned: it was reversed (the badge of what the item now is).
  if (status === 'upheld') return <Badge variant="destructive">Upheld</Badge>;
  if (status === 'overturned') return <Badge variant="success">Overturned</Badge>;
  return <StatusBadge status="pending" />;
}

/** The Appeals queue (DECISIONS §6): pending first, oldest first, each decided by an admin other than the one who decided the original. */
export function AppealsTab() {
  const list = useAdminList(resources.adminAppeals, { filter: APPEAL_STATUSES });
  return <AdminList title="Appeals" label="Appeals" list={list} columns={columns} Dialog={AppealDialog} emptyText="No appeals found" />;
}

const awards = (currency: string) => ({
  format: `${currency} awarded must be a number of at least 0`,
  precision: `${currency} awarded can have at most 2 decimal places`,
  range: `${currency} awarded is too large`,
});

const ZAppealDecision = z.object({
  outcome: z.enum(['upheld', 'overturned']),
  facts: ZFacts,
  gcmAwarded: moneySchema(awards('GCM')),
  usdtAwarded: moneySchema(awards('USDT')),
});

function AppealDialog({ row: appeal, onClose }: RowDialogProps<TAdminAppealView>) {
  const d = appeal.decision;
  return (
    <ModalDialog onClose={onClose} title="Appeal" description={`${subjectText(appeal)} · ${appeal.ambassador.fullName}`} className="max-w-2xl">
      <div className="flex flex-col gap-5">
        <section aria-label="The decision appealed" className="flex flex-col gap-2">
          <DecisionReason code={isReasonCode(d.reasonCode) ? d.reasonCode : null} facts={d.facts} flags={flagsOf(d.decisionFlags)} />
          <p className="text-xs text-muted">
            Decided {d.decidedBy ? `by ${d.decidedBy} ` : ''}
            {d.decidedAt ? formatDateTime(d.decidedAt) : ''}
          </p>
        </section>
        <TextBlock title="The appeal">{appeal.text}</TextBlock>
        <p className="text-xs text-muted">Appealed {formatDateTime(appeal.createdAt)}</p>
        {appeal.status === 'pending' ? (
          <DecideForm appeal={appeal} onDecided={onClose} />
        ) : (
          <section aria-label="Appeal decision" className="flex flex-col gap-1 rounded-xl border border-border p-4 text-sm">
            <p className="inline-flex items-center gap-2 font-semibold">
              <AppealStatusBadge status={appeal.status} /> {appeal.decidedBy ? `by ${appeal.decidedBy}` : ''}{' '}
              {appeal.decidedAt ? formatDateTime(appeal.decidedAt) : ''}
            </p>
            {appeal.facts ? <p className="whitespace-pre-wrap break-words">{appeal.facts}</p> : null}
          </section>
        )}
      </div>
    </ModalDialog>
  );
}

function DecideForm({ appeal, onDecided }: { appeal: TAdminAppealView; onDecided: () => void }) {
  const decide = useDecideAppeal();
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZAppealDecision), defaultValues: { outcome: 'upheld', facts: '', gcmAwarded: '0', usdtAwarded: '0' } });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const facts = useWatch({ control: form.control, name: 'facts' });
  const awarding = appeal.kind === 'report' && outcome === 'overturned';
  const submit = ({ outcome: chosen, facts: text, gcmAwarded, usdtAwarded }: z.output<typeof ZAppealDecision>) =>
    decide.mutate(
      { id: appeal.id, input: { outcome: chosen, facts: text.trim() || null, ...(awarding ? { gcmAwarded, usdtAwarded } : {}) } },
      {
        onSuccess: () => {
          notify.success('Appeal Decided', chosen === 'upheld' ? 'The decision stands; the ambassador is told why.' : 'The decision was overturned.');
          onDecided();
        },
        onError: (error) => {
          // The admin who made the decision cannot decide its appeal: said here, where the form is.
          if (error instanceof ApiError && error.status === 403) setRefused(error.serverMessage ?? SAME_ADMIN_MESSAGE);
          else adminError('Failed to decide appeal')(error);
        },
      },
    );
  return (
    <Form form={form} onSubmit={submit} aria-label="Decide appeal" className="flex flex-col gap-4 rounded-xl border border-gold/30 bg-gold/5 p-4">
      <h3 className="font-semibold">Decide</h3>
      {refused ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
          {refused}
        </p>
      ) : null}
      <FormField name="outcome" label="Outcome" required>
        <NativeSelect>
          <option value="upheld">Uphold: the decision stands</option>
          <option value="overturned">{appeal.kind === 'report' ? 'Overturn: approve the report' : 'Overturn: re-open the withdrawal'}</option>
        </NativeSelect>
      </FormField>
      {awarding ? <AwardFields /> : null}
      <FactsField name="facts" label={outcome === 'upheld' ? 'Why it stands (facts, optional)' : 'Facts (optional)'} length={facts.length} />
      <DialogFooter className="mt-0">
        <Button type="submit" loading={decide.isPending}>
          Decide Appeal
        </Button>
      </DialogFooter>
    </Form>
  );
}
