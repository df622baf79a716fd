import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Scale } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { usdtAmountIn } from '../../../../shared/localized-figures.ts';
import { dateTimeIn, gcmIn, weekIn } from '../../../../shared/localized-format.ts';
import { moneySchema } from '../../../../shared/schemas/common.ts';
import { awardMessages } from '../../../../shared/schemas/decisions.ts';
import { DECISION_MESSAGES } from '../../../../shared/schemas/messages.ts';
import { isReasonCode } from '../../../../shared/reasons.ts';
import { SAME_ADMIN_MESSAGE, flagsOf, useDecideAppeal, type TAdminAppealView } from '../../../api/decisions.ts';
import { resources } from '../../../api/resources.ts';
import { DecisionReason } from '../../../components/decision-reason.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api.ts';
import { focusStatic } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { adminError } from './admin-error.ts';
import { DecisionFormCard } from './admin-shells.tsx';
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
  if (appeal.kind === 'referral') return i18n._(msg`Referral refused`);
  if (appeal.kind === 'task_claim') return d.taskTitle ? i18n._(msg`Task claim refused: ${d.taskTitle}`) : i18n._(msg`Task claim refused`);
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

/**
 * The decision as the form holds it: nothing chosen at first (one click never decides); an
 * overturned report's awards typed by the admin, 0 included, in the page's language.
 */
function appealDecision(locale: string, kind: TAdminAppealView['kind']) {
  const award = (currency: 'GCM' | 'USDT') => z.union([z.literal(''), moneySchema(awardMessages(currency))]);
  return z
    .object({
      outcome: z.union([z.enum(['upheld', 'overturned']), z.literal('')]),
      facts: ZFacts,
      ...typedAwards({ gcmAwarded: award('GCM'), usdtAwarded: award('USDT') }, locale),
    })
    .superRefine((value, ctx) => {
      if (!value.outcome) ctx.addIssue({ code: 'custom', path: ['outcome'], message: DECISION_MESSAGES.outcomeRequired });
      if (kind !== 'report' || value.outcome !== 'overturned') return;
      for (const name of ['gcmAwarded', 'usdtAwarded'] as const) {
        if (value[name] === '') ctx.addIssue({ code: 'custom', path: [name], message: DECISION_MESSAGES.awardRequired });
      }
    });
}
type ZAppealDecision = ReturnType<typeof appealDecision>;
type AppealDecisionValues = z.output<ZAppealDecision>;

function AppealDialog({ row: appeal, onClose }: RowDialogProps<TAdminAppealView>) {
  const d = appeal.decision;
  const { t, i18n: lingui } = useLingui();
  const locale = lingui.locale;
  const report = appeal.report ?? null;
  // The server's word on who may decide it, said before anything is filled in (issue 40).
  const refusal = appeal.canDecide === false && appeal.status === 'pending' ? (appeal.cannotDecideReason ?? SAME_ADMIN_MESSAGE) : null;
  return (
    <ModalDialog onClose={onClose} title={t`Appeal`} description={`${subjectText(appeal)} · ${appeal.ambassador.fullName}`} className="max-w-2xl">
      <div className="flex flex-col gap-5">
        {refusal ? (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm" data-testid="appeal-refusal">
            {translatedMessage(refusal)}
          </p>
        ) : null}
        {report ? (
          // The report that was rejected, as it was sent: what the appeal is about.
          <section aria-label={t`The report that was rejected`} className="flex flex-col gap-1.5">
            <TextBlock title={t`The report that was rejected`}>
              <LinkedText text={report.activityReport} />
            </TextBlock>
            <p className="text-xs text-muted">
              <Trans>
                Week {weekIn(report.weekStartDate, report.weekEndDate, locale)}, submitted {dateTimeIn(report.createdAt, locale)}
              </Trans>
            </p>
          </section>
        ) : null}
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
          refusal ? null : (
            <DecideForm appeal={appeal} onDecided={onClose} />
          )
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

/** A report's text with its web addresses as links (opened in a new tab, never followed by the desk). */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} target="_blank" rel="noopener noreferrer nofollow" className="text-gold underline underline-offset-2 [overflow-wrap:anywhere]">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function DecideForm({ appeal, onDecided }: { appeal: TAdminAppealView; onDecided: () => void }) {
  const decide = useDecideAppeal();
  const { t, i18n: lingui } = useLingui();
  const locale = lingui.locale;
  const [refused, setRefused] = useState<string | null>(null);
  // An overturn is confirmed in a second step, saying what it does (it cannot be undone).
  const [confirming, setConfirming] = useState<AppealDecisionValues | null>(null);
  // The confirmation replaces the form (and the button just pressed): its heading takes the keyboard
  // focus, so a screen reader reads the question and Tab goes on to Back and Confirm overturn.
  const confirmationHeading = useRef<HTMLHeadingElement>(null);
  const asking = confirming !== null;
  useEffect(() => {
    if (asking && confirmationHeading.current) focusStatic(confirmationHeading.current);
  }, [asking]);
  const schema = useMemo(() => appealDecision(locale, appeal.kind), [locale, appeal.kind]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { outcome: '', facts: '', gcmAwarded: '', usdtAwarded: '' } });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const facts = useWatch({ control: form.control, name: 'facts' });
  const awarding = appeal.kind === 'report' && outcome === 'overturned';
  const send = ({ outcome: chosen, facts: text, gcmAwarded, usdtAwarded }: AppealDecisionValues) => {
    if (!chosen) return;
    const awards = appeal.kind === 'report' && chosen === 'overturned' ? { gcmAwarded: gcmAwarded || '0', usdtAwarded: usdtAwarded || '0' } : {};
    decide.mutate(
      { id: appeal.id, input: { outcome: chosen, facts: text.trim() || null, ...awards } },
      {
        onSuccess: () => {
          notify.success(t`Appeal Decided`, chosen === 'upheld' ? t`The decision stands; the ambassador is told why.` : t`The decision was overturned.`);
          onDecided();
        },
        onError: (error) => {
          setConfirming(null);
          // The admin who made the decision cannot decide its appeal: said here, where the form is.
          if (error instanceof ApiError && error.status === 403) setRefused(error.text ?? translatedMessage(SAME_ADMIN_MESSAGE));
          else adminError(t`Failed to decide appeal`)(error);
        },
      },
    );
  };
  const submit = (values: AppealDecisionValues) => (values.outcome === 'overturned' ? setConfirming(values) : send(values));
  if (confirming) {
    const name = appeal.ambassador.fullName;
    const gcm = `${gcmIn(confirming.gcmAwarded || '0', locale)} GCM`;
    const usdt = usdtAmountIn(confirming.usdtAwarded || '0', locale);
    return (
      <section
        aria-label={t`Confirm the overturn`}
        className="flex flex-col gap-4 rounded-xl border border-gold/50 bg-gold/10 p-4 text-sm"
        data-testid="overturn-confirmation"
      >
        <h3 ref={confirmationHeading} tabIndex={-1} className="font-semibold">
          <Trans>Overturn this decision?</Trans>
        </h3>
        <p role="status">
          {appeal.kind === 'report' ? (
            <Trans>
              The report is approved and {name} is credited {gcm} and {usdt}. This cannot be undone.
            </Trans>
          ) : appeal.kind === 'referral' ? (
            <Trans>The referral of {name} is credited under the rule of the month it qualified in, up to that month’s cap. This cannot be undone.</Trans>
          ) : appeal.kind === 'task_claim' ? (
            <Trans>The task claim of {name} is credited with the task’s reward. This cannot be undone.</Trans>
          ) : (
            <Trans>The withdrawal request of {name} is re-opened as pending, to be reviewed again. This cannot be undone.</Trans>
          )}
        </p>
        <DialogFooter className="mt-0">
          <Button type="button" variant="outline" onClick={() => setConfirming(null)} disabledFocusable={decide.isPending}>
            <Trans>Back</Trans>
          </Button>
          <Button type="button" onClick={() => send(confirming)} loading={decide.isPending}>
            <Trans>Confirm overturn</Trans>
          </Button>
        </DialogFooter>
      </section>
    );
  }
  return (
    <DecisionFormCard
      form={form}
      onSubmit={submit}
      label={t`Decide appeal`}
      heading={<Trans>Decide</Trans>}
      submit={<Trans>Decide Appeal</Trans>}
      pending={decide.isPending}
    >
      {refused ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
          {refused}
        </p>
      ) : null}
      <FormField name="outcome" label={t`Outcome`} required>
        <NativeSelect>
          <option value="">{t`Choose an outcome`}</option>
          <option value="upheld">{t`Uphold: the decision stands`}</option>
          <option value="overturned">
            {appeal.kind === 'report'
              ? t`Overturn: approve the report`
              : appeal.kind === 'referral'
                ? t`Overturn: credit the referral`
                : appeal.kind === 'task_claim'
                  ? t`Overturn: credit the task claim`
                  : t`Overturn: re-open the withdrawal`}
          </option>
        </NativeSelect>
      </FormField>
      {awarding ? <AwardFields required /> : null}
      <FactsField name="facts" label={outcome === 'upheld' ? t`Why it stands (Admin Notes, optional)` : t`Admin Notes (optional)`} length={facts.length} />
    </DecisionFormCard>
  );
}
