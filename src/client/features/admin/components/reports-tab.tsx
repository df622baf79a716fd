import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, ClipboardCheck } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DECISION_STATUSES, type DecisionStatus } from '../../../../shared/enums.ts';
import { usdtAmountIn } from '../../../../shared/localized-figures.ts';
import { dateTimeIn, gcmIn, weekIn } from '../../../../shared/localized-format.ts';
import type { z } from 'zod';
import { ZReviewInput } from '../../../../shared/schemas/reports.ts';
import type { TAdminReportView, TReportView } from '../../../../shared/schemas/reports.ts';
import { BadgePill } from '../../../components/badge-level.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form.tsx';
import { EnumOptions, NativeSelect } from '../../../components/ui/input.tsx';
import { useReviewReport } from '../api/review-report.ts';
import { resources } from '../../../api/resources.ts';
import { exportedList, useAdminList } from '../api/use-admin-list.ts';
import { adminError } from './admin-error.ts';
import { DecisionFormCard } from './admin-shells.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { CLAIM_RENEW_MS, claimReport, useClaimNextReport } from '../api/review-claims.ts';
import { AdminList, ambassadorColumn, amountColumn, flagsColumn, type RowDialogProps } from './admin-list.tsx';
import { DetailList, TextBlock } from './detail-list.tsx';
import { ageColumn } from './service-age.tsx';
import { decisionOf } from '../../../api/decisions.ts';
import { DecisionHistory } from '../../../components/decision-reason.tsx';
import { NO_REASON, REASON_TEXT } from '../../../components/reason-text.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { AwardFields, typedAwards } from './award-fields.tsx';
import { FactsField, REASON_REQUIRED, ReasonFields, ZReasonChoice, chosenReason } from './reason-fields.tsx';
import { SocialLinkList } from './social-links.tsx';

/** A review decides between these (the other status is where a report starts). */
const DECISIONS = DECISION_STATUSES.filter((status) => status !== 'pending');

/** The statuses as the filter and the review's choice name them, in the page's language. */
const STATUS_WORDS: Record<DecisionStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'report status' }),
  approved: msg({ message: 'Approved', context: 'report status' }),
  rejected: msg({ message: 'Rejected', context: 'report status' }),
};

function statusLabels(): Record<DecisionStatus, string> {
  return { pending: i18n._(STATUS_WORDS.pending), approved: i18n._(STATUS_WORDS.approved), rejected: i18n._(STATUS_WORDS.rejected) };
}

function columns(open: (row: TAdminReportView) => void): Array<Column<TAdminReportView>> {
  return [
    { header: i18n._(msg`Week Period`), cell: (r) => weekIn(r.weekStartDate, r.weekEndDate, i18n.locale), className: 'font-medium' },
    ambassadorColumn(),
    {
      header: i18n._(msg`Status`),
      card: 'aside',
      cell: (r) => {
        const by = r.claim?.by ?? '';
        return (
          <span className="inline-flex flex-col items-start gap-1">
            <StatusBadge status={r.status} />
            {r.claim ? <span className="text-xs text-gold">{i18n._(msg`Being reviewed by ${by}`)}</span> : null}
          </span>
        );
      },
    },
    flagsColumn(),
    ageColumn(),
    amountColumn('GCM', 'GCM', (r) => r.gcmAwarded),
    amountColumn('USDT', 'USDT', (r) => r.usdtAwarded),
    // The name starts with the word shown (WCAG 2.5.3): 'Review report of …' to review, 'View report of …' once reviewed.
    actionsColumn(i18n._(msg`Review`), (r) => {
      const pending = r.status === 'pending';
      const name = r.ambassador.fullName;
      return (
        <Button
          variant={pending ? 'default' : 'outline'}
          size="sm"
          onClick={() => open(r)}
          aria-label={pending ? i18n._(msg`Review report of ${name}`) : i18n._(msg`View report of ${name}`)}
        >
          <ClipboardCheck aria-hidden="true" /> {pending ? i18n._(msg`Review`) : i18n._(msg`View`)}
        </Button>
      );
    }),
  ];
}

export function ReportsTab() {
  const { t } = useLingui();
  const list = useAdminList(resources.adminReports, { ...exportedList('reports'), filter: DECISION_STATUSES, filterLabels: statusLabels() });
  return <AdminList title={t`Weekly Reports`} label={t`Reports`} list={list} columns={columns} Dialog={ReportDialog} emptyText={t`No reports found`} />;
}

/** Keys that are typed, not commands: in these a letter alone is a letter, and only Alt+letter is a shortcut. */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // An amount field (inputMode decimal, award-fields.tsx) takes no letters, so the letters alone work from the award fields.
  return target instanceof HTMLInputElement && target.type !== 'number' && target.inputMode !== 'decimal';
}

/**
 * The reviewer's shortcut a key press is, if any: Alt+A, Alt+R and Alt+N from any field of the
 * dialog (the notes included, whose letters stay letters), and A, R and N alone where nothing is
 * typed. Alt+letter is read by its key, or on a Mac (where Alt types 'å') by its place on the keyboard.
 */
function reviewShortcut(event: {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}): 'a' | 'r' | 'n' | null {
  if (event.ctrlKey || event.metaKey) return null;
  const key = event.key.toLowerCase();
  const letter = /^[a-z]$/.test(key) ? key : event.altKey ? /^Key([A-Z])$/.exec(event.code)?.[1]?.toLowerCase() : undefined;
  if (letter !== 'a' && letter !== 'r' && letter !== 'n') return null;
  if (!event.altKey && typesText(event.target)) return null;
  return letter;
}

/** How the dialog names its keys. */
function Key({ children }: { children: string }) {
  return <kbd className="rounded border border-border px-1">{children}</kbd>;
}

type Claim = { state: 'mine' } | { state: 'other'; by: string } | { state: 'none' };

/**
 * Holds a pending report for this reviewer while its dialog is open (claimed on opening, renewed
 * every few minutes): others see 'Being reviewed by …' and cannot review it (DECISIONS §5).
 */
function useReviewClaim(report: TAdminReportView): Claim {
  const [claim, setClaim] = useState<Claim>({ state: 'none' });
  const pending = report.status === 'pending';
  useEffect(() => {
    if (!pending) {
      setClaim({ state: 'none' });
      return;
    }
    let live = true;
    const take = () =>
      claimReport(report.id).then(
        () => live && setClaim({ state: 'mine' }),
        (error: unknown) => {
          if (!live) return;
          if (error instanceof ApiError && error.reason === 'REPORT_CLAIMED') {
            setClaim({ state: 'other', by: error.values.name ?? '' });
          } else setClaim({ state: 'none' });
        },
      );
    void take();
    const timer = window.setInterval(() => void take(), CLAIM_RENEW_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [report.id, pending]);
  return claim;
}

function ReportDialog({ row, onClose }: RowDialogProps<TAdminReportView>) {
  const { t, i18n: lingui } = useLingui();
  const locale = lingui.locale;
  // The dialog walks the queue: 'Next pending' replaces the report shown.
  const [report, setReport] = useState(row);
  const [queueEmpty, setQueueEmpty] = useState(false);
  const claim = useReviewClaim(report);
  const next = useClaimNextReport();
  const nextButton = useRef<HTMLButtonElement>(null);
  const goNext = () => {
    if (next.isPending) return;
    next.mutate(report.status === 'pending' ? report.id : undefined, {
      onSuccess: (found) => {
        setQueueEmpty(false);
        setReport(found);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) setQueueEmpty(true);
        else adminError(t`Failed to open the next pending report`)(error);
      },
    });
  };
  const a = report.ambassador;
  const reviewable = report.status === 'pending' && claim.state !== 'other';
  const reviewer = claim.state === 'other' ? claim.by : '';
  const code = decisionOf(report).code;
  return (
    <ModalDialog
      onClose={onClose}
      title={t`Weekly Report`}
      description={weekIn(report.weekStartDate, report.weekEndDate, locale)}
      className="max-w-2xl"
      onKeyDown={(event) => {
        if (reviewShortcut(event) === 'n') {
          event.preventDefault();
          goNext();
        }
      }}
    >
      <div className="flex flex-col gap-5" key={report.id}>
        {claim.state === 'other' && report.status === 'pending' ? (
          <p role="status" className="rounded-lg border border-gold/40 bg-gold/10 px-4 py-3 text-sm">
            <Trans>Being reviewed by {reviewer}. You can read it; the review is theirs while they have it open.</Trans>
          </p>
        ) : null}
        <section aria-label={t`Ambassador details`} className="flex flex-col gap-3 rounded-xl border border-border p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-bold">{a.fullName}</h3>
            <BadgePill level={a.badgeLevel} />
          </div>
          <SocialLinkList
            handles={a}
            personalTelegram={a.personalTelegramHandle}
            before={[
              [t`Email`, a.email],
              [t`Country`, a.country],
            ]}
          />
        </section>
        <TextBlock title={t`Activity Report`}>{report.activityReport}</TextBlock>
        <p className="text-xs text-muted">
          <Trans>Submitted {dateTimeIn(report.createdAt, locale)}</Trans>
        </p>
        {reviewable ? (
          <ReviewForm
            report={report}
            onReviewed={(reviewed) => {
              // Unless 'Next pending' already moved on while the review was on its way.
              setReport((shown) => (shown.id === reviewed.id ? { ...shown, ...reviewed, claim: null } : shown));
              // The next step is the next report: its button takes the focus (Enter or n).
              window.setTimeout(() => nextButton.current?.focus(), 0);
            }}
          />
        ) : report.status !== 'pending' ? (
          <section aria-label={t({ message: 'Review', context: 'heading' })} className="flex flex-col gap-2 rounded-xl border border-border p-4">
            <div className="flex items-center gap-2">
              <h3 className="font-semibold">
                <Trans context="heading">Review</Trans>
              </h3>
              <StatusBadge status={report.status} />
            </div>
            <DetailList
              items={[
                [t`GCM Awarded`, gcmIn(report.gcmAwarded, locale)],
                [t`USDT Awarded`, usdtAmountIn(report.usdtAwarded, locale)],
                [t`Admin Notes`, report.adminNotes || t`None`],
                ...(report.status === 'rejected' ? [[t`Reason`, lingui._(code ? REASON_TEXT[code].label : NO_REASON)] satisfies [string, string]] : []),
                [t`Reviewed`, dateTimeIn(report.reviewedAt, locale)],
              ]}
            />
            {report.appeal && report.appealedDecision ? (
              // An appealed rejection stays in the report's history, overturned or not (issue 40).
              <DecisionHistory rejection={report.appealedDecision} appeal={report.appeal} headingLevel={4} owner={false} />
            ) : null}
          </section>
        ) : null}
        <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted" aria-live="polite">
            {queueEmpty ? (
              t`No pending reports left to review.`
            ) : (
              <Trans>
                Keys: <Key>Alt+A</Key> approve, <Key>Alt+R</Key> reject, <Key>Alt+N</Key> next pending (<Key>A</Key>, <Key>R</Key>, <Key>N</Key> alone outside
                text fields)
              </Trans>
            )}
          </p>
          <Button ref={nextButton} variant="outline" size="sm" onClick={goNext} loading={next.isPending}>
            <Trans>Next pending</Trans> <ArrowRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** The review as the form holds it: a reject needs its reason (DECISIONS §6; the API alone does not); awards as the page's language writes them. */
function reviewForm(locale: string) {
  return ZReviewInput.extend({ reasonCode: ZReasonChoice, ...typedAwards(ZReviewInput.shape, locale) }).superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.reasonCode) ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: REASON_REQUIRED });
  });
}
type ZReviewForm = ReturnType<typeof reviewForm>;

function ReviewForm({ report, onReviewed }: { report: TAdminReportView; onReviewed: (reviewed: TReportView) => void }) {
  const review = useReviewReport();
  const { t, i18n: lingui } = useLingui();
  const schema = useMemo(() => reviewForm(lingui.locale), [lingui.locale]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { status: 'approved', gcmAwarded: '0', usdtAwarded: '0', adminNotes: '', reasonCode: '' },
  });
  const status = useWatch({ control: form.control, name: 'status' });
  const notes = useWatch({ control: form.control, name: 'adminNotes' });
  // The award fields first: the reviewer types the amounts, then decides.
  useEffect(() => form.setFocus('gcmAwarded'), [form]);
  const submit = ({ reasonCode, ...rest }: z.output<ZReviewForm>) => {
    // A reason goes with a reject only; the notes are its facts (DECISIONS §6).
    const input = rest.status === 'rejected' ? { ...rest, reasonCode: chosenReason(reasonCode) } : rest;
    review.mutate(
      { id: report.id, input },
      {
        onSuccess: (reviewed) => {
          notify.success(t`Report Reviewed`, input.status === 'approved' ? t`The report was approved.` : t`The report was rejected.`);
          onReviewed(reviewed);
        },
        onError: adminError(t`Failed to review report`),
      },
    );
  };
  // A reject without its reason is a step, not a click: the picker (shown once rejecting) takes the focus.
  const askReason = () => window.setTimeout(() => form.setFocus('reasonCode'), 0);
  const decide = (decision: 'approved' | 'rejected') => {
    if (review.isPending) return;
    form.setValue('status', decision);
    void form.handleSubmit(submit, askReason)();
  };
  return (
    <DecisionFormCard
      form={form}
      onSubmit={submit}
      onInvalid={(errors) => {
        if (errors.reasonCode) askReason();
      }}
      label={t`Review report`}
      heading={<Trans context="heading">Review</Trans>}
      submit={<Trans>Submit Review</Trans>}
      pending={review.isPending}
      onKeyDown={(event) => {
        const shortcut = reviewShortcut(event);
        if (shortcut !== 'a' && shortcut !== 'r') return;
        event.preventDefault();
        // Not on to the dialog: Alt+A in the form is a decision, never also the next report.
        event.stopPropagation();
        decide(shortcut === 'a' ? 'approved' : 'rejected');
      }}
    >
      <AwardFields />
      <FactsField name="adminNotes" label={t`Admin Notes (optional)`} length={notes?.length ?? 0} />
      <FormField name="status" label={t`Status`} required>
        <NativeSelect>
          <EnumOptions values={DECISIONS} labels={statusLabels()} />
        </NativeSelect>
      </FormField>
      {status === 'rejected' ? <ReasonFields subject="report" flags={report.flags} withFacts={false} /> : null}
    </DecisionFormCard>
  );
}
