import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Scale } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { usdtAmountIn } from '../../../../shared/localized-figures.ts';
import { dateTimeIn, weekIn } from '../../../../shared/localized-format.ts';
import { moneySchema } from '../../../../shared/schemas/common.ts';
import { awardMessages } from '../../../../shared/schemas/decisions.ts';
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
import { i18n } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { adminError } from './admin-error.ts';
import { AdminList, ambassadorColumn, type RowDialogProps } from './admin-list.tsx';
import { TextBlock } from './detail-list.tsx';
import { AwardFields, typedAwards } from './award-fields.tsx';
import { FactsField, ZFacts } from './reason-fields.tsx';
import { ageColumn } from './service-age.tsx';

const APPEAL_STATUSES = ['pending', 'upheld', 'overturned'] as const;

function subjectText(appeal: TAdminAppealView): string {
  const d = appeal.decision;
  const locale = i18n.locale;
  if (appeal.kind === 'report')
    return d.weekStartDate && d.weekEndDate ? i18n._(msg`Report, ${weekIn(d.weekStartDate, d.weekEndDate, locale)}`) : i18n._(msg`Report`);
  return d.amount ? i18n._(msg`Withdrawal of ${usdtAmountIn(d.amount, locale)}`) : i18n._(msg`Withdrawal`);
}

function columns(open: (row: TAdminAppealView) => void): Array<Column<TAdminAppealView>> {
  return [
    ambassadorColumn(),
    { header: i18n._(msg`Decision appealed`), cell: (a) => subjectText(a) },
    { header: i18n._(msg`Appealed`), cell: (a) => <span className="text-muted">{dateTimeIn(a.createdAt, i18n.locale)}</span> },
    ageColumn(),
    { header: i18n._(msg`Status`), card: 'aside', cell: (a) => <AppealStatusBadge status={a.status} /> },
    actionsColumn(i18n._(msg`Decide`), (a) => (
      <Button
        variant={a.status === 'pending' ? 'default' : 'outline'}
        size="sm"
        onClick={() => open(a)}
        aria-label={a.status === 'pending' ? i18n._(msg`Decide appeal of ${a.ambassador.fullName}`) : i18n._(msg`View appeal of ${a.ambassador.fullName}`)}
      >
        <Scale aria-hidden="true" /> {a.status === 'pending' ? i18n._(msg`Decide`) : i18n._(msg`View`)}
      </Button>
    )),
  ];
}

function AppealStatusBadge({ status }: { status: string }) {
  // Upheld: the rejection stands; overturned: it was reversed (the badge of what the item now is).
  if (status === 'upheld')
    return (
      <Badge variant="destructive">
        <Trans>Upheld</Trans>
      </Badge>
    );
  if (status === 'overturned')
    return (
      <Badge variant="success">
        <Trans>Overturned</Trans>
      </Badge>
    );
  return <StatusBadge status="pending" />;
}

/** The Appeals queue (DECISIONS §6): pending first, oldest first, each decided by an admin other than the one who decided the original. */
export function AppealsTab() {
  const list = useAdminList(resources.adminAppeals, { filter: APPEAL_STATUSES });
  const { t } = useLingui();
  return <AdminList title={t`Appeals`} label={t`Appeals`} list={list} columns={columns} Dialog={AppealDialog} emptyText={t`No appeals found`} />;
}

/** The decision as the form holds it: an overturned report's awards as the page's language writes them. */
function appealDecision(locale: string) {
  return z.object({
    outcome: z.enum(['upheld', 'overturned']),
    facts: ZFacts,
    ...typedAwards({ gcmAwarded: moneySchema(awardMessages('GCM')), usdtAwarded: moneySchema(awardMessages('USDT')) }, locale),
  });
}
type ZAppealDecision = ReturnType<typeof appealDecision>;

function AppealDialog({ row: appeal, onClose }: RowDialogProps<TAdminAppealView>) {
  const d = appeal.decision;
  const { t, i18n: lingui } = useLingui();
  const locale = lingui.locale;
  return (
    <ModalDialog onClose={onClose} title={t`Appeal`} description={`${subjectText(appeal)} · ${appeal.ambassador.fullName}`} className="max-w-2xl">
      <div className="flex flex-col gap-5">
        <section aria-label={t`The decision appealed`} className="flex flex-col gap-2">
          <DecisionReason code={isReasonCode(d.reasonCode) ? d.reasonCode : null} facts={d.facts} flags={flagsOf(d.decisionFlags)} />
          <p className="text-xs text-muted">
            {d.decidedBy ? (
              <Trans>
                Decided by {d.decidedBy} {d.decidedAt ? dateTimeIn(d.decidedAt, locale) : ''}
              </Trans>
            ) : (
              <Trans>Decided {d.decidedAt ? dateTimeIn(d.decidedAt, locale) : ''}</Trans>
            )}
          </p>
        </section>
        <TextBlock title={t`The appeal`}>{appeal.text}</TextBlock>
        <p className="text-xs text-muted">
          <Trans>Appealed {dateTimeIn(appeal.createdAt, locale)}</Trans>
        </p>
        {appeal.status === 'pending' ? (
          <DecideForm appeal={appeal} onDecided={onClose} />
        ) : (
          <section aria-label={t`Appeal decision`} className="flex flex-col gap-1 rounded-xl border border-border p-4 text-sm">
            <p className="inline-flex items-center gap-2 font-semibold">
              <AppealStatusBadge status={appeal.status} /> {appeal.decidedBy ? t`by ${appeal.decidedBy}` : ''}{' '}
              {appeal.decidedAt ? dateTimeIn(appeal.decidedAt, locale) : ''}
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
  const { t, i18n: lingui } = useLingui();
  const [refused, setRefused] = useState<string | null>(null);
  const schema = useMemo(() => appealDecision(lingui.locale), [lingui.locale]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { outcome: 'upheld', facts: '', gcmAwarded: '0', usdtAwarded: '0' } });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const facts = useWatch({ control: form.control, name: 'facts' });
  const awarding = appeal.kind === 'report' && outcome === 'overturned';
  const submit = ({ outcome: chosen, facts: text, gcmAwarded, usdtAwarded }: z.output<ZAppealDecision>) =>
    decide.mutate(
      { id: appeal.id, input: { outcome: chosen, facts: text.trim() || null, ...(awarding ? { gcmAwarded, usdtAwarded } : {}) } },
      {
        onSuccess: () => {
          notify.success(t`Appeal Decided`, chosen === 'upheld' ? t`The decision stands; the ambassador is told why.` : t`The decision was overturned.`);
          onDecided();
        },
        onError: (error) => {
          // The admin who made the decision cannot decide its appeal: said here, where the form is.
          if (error instanceof ApiError && error.status === 403) setRefused(error.serverMessage ?? SAME_ADMIN_MESSAGE);
          else adminError(t`Failed to decide appeal`)(error);
        },
      },
    );
  return (
    <Form form={form} onSubmit={submit} aria-label={t`Decide appeal`} className="flex flex-col gap-4 rounded-xl border border-gold/30 bg-gold/5 p-4">
      <h3 className="font-semibold">
        <Trans>Decide</Trans>
      </h3>
      {refused ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
          {refused}
        </p>
      ) : null}
      <FormField name="outcome" label={t`Outcome`} required>
        <NativeSelect>
          <option value="upheld">{t`Uphold: the decision stands`}</option>
          <option value="overturned">{appeal.kind === 'report' ? t`Overturn: approve the report` : t`Overturn: re-open the withdrawal`}</option>
        </NativeSelect>
      </FormField>
      {awarding ? <AwardFields /> : null}
      <FactsField name="facts" label={outcome === 'upheld' ? t`Why it stands (facts, optional)` : t`Facts (optional)`} length={facts.length} />
      <DialogFooter className="mt-0">
        <Button type="submit" loading={decide.isPending}>
          <Trans>Decide Appeal</Trans>
        </Button>
      </DialogFooter>
    </Form>
  );
}
