import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { NO_REASON, REASON_TEXT } from './reason-text.ts';
import { dateIn, dateTimeIn } from '../../shared/localized-format.ts';
import { DECISION_MESSAGES } from '../../shared/schemas/messages.ts';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MAX_APPEAL_LENGTH, isReasonCode, reasonHref, type ReasonCode } from '../../shared/reasons.ts';
import { flagsOf, useSendAppeal, type AppealSubject, type Decision, type TAppealView } from '../api/decisions.ts';
import type { TReportView } from '../../shared/schemas/reports.ts';
import { ApiError } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { AppealActions } from './appeal-form.tsx';
import { Button } from './ui/button.tsx';
import { Form, FormField, showServerErrors } from './ui/form.tsx';
import { Textarea } from './ui/input.tsx';
import { DecisionFlags } from './decision-flags.tsx';
import type { AbuseFlag } from '../../shared/enums.ts';

/**
 * Why a decision went against the person (DECISIONS §6): the reason's name, its rule with a link to
 * it on /rules, and the reviewer's facts, shown as text (React escapes them; never as HTML). A
 * decision made without a code says so: 'no reason recorded'.
 */
export function DecisionReason({
  code,
  facts,
  flags = null,
  headingLevel = 3,
}: {
  code: ReasonCode | null;
  facts: string | null;
  /** The abuse flags that had fired when it was decided (null: not kept for this decision). */
  flags?: readonly AbuseFlag[] | null;
  headingLevel?: 3 | 4;
}) {
  const { i18n } = useLingui();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const SubHeading = headingLevel === 3 ? 'h4' : 'h5';
  const label = i18n._(code ? REASON_TEXT[code].label : NO_REASON);
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-danger/40 bg-danger/5 p-3 text-sm sm:p-4" data-testid="decision-reason">
      <Heading className="inline-flex items-center gap-2 text-base font-bold">
        <Scale className="size-4 shrink-0 text-danger" aria-hidden="true" />
        <Trans>Reason: {label}</Trans>
      </Heading>
      {code ? (
        <p>
          {i18n._(REASON_TEXT[code].rule)}{' '}
          <a href={reasonHref(code)} className="font-semibold text-gold underline underline-offset-2">
            <Trans>
              Read the rule<span className="sr-only">: {label}</span>
            </Trans>
          </a>
        </p>
      ) : null}
      {facts ? (
        <div>
          <SubHeading className="font-semibold">
            <Trans>Feedback from the team</Trans>
          </SubHeading>
          <p className="whitespace-pre-wrap break-words">{facts}</p>
        </div>
      ) : null}
      <DecisionFlags flags={flags} />
    </div>
  );
}

const APPEAL_STATUS_TEXT: Record<string, MessageDescriptor> = {
  pending: msg`Appeal sent: another admin will decide it.`,
  upheld: msg`Appeal decided: the decision stands.`,
  overturned: msg`Appeal decided: the decision was overturned.`,
};

// The field shows its messages in the page's language (i18n/api-messages.ts); the textarea's maxLength keeps the second from showing.
const ZAppealForm = z.object({
  text: z.string().trim().min(1, DECISION_MESSAGES.appealFormText).max(MAX_APPEAL_LENGTH, `At most ${MAX_APPEAL_LENGTH} characters`),
});

/**
 * The one appeal of a rejected report or withdrawal: its status once sent (and the reply of the
 * admin who decided it); before that, while the window is open, an 'Appeal' button with its
 * deadline that opens a short form; after the deadline, the date it closed. Whether it is open is
 * the server's judgement (`appealOpen`, by the server's clock), never the device's clock, which may
 * run ahead or behind (issue 40), and so is the deadline (`appealDeadline`).
 */
export function AppealPanel({ subject, id, decision }: { subject: AppealSubject; id: string; decision: Decision }) {
  const [formShown, setFormShown] = useState(false);
  const { i18n } = useLingui();
  const { appeal, deadline } = decision;
  if (appeal) return <AppealRecord appeal={appeal} />;
  if (!deadline) return null;
  const until = dateIn(deadline, i18n.locale);
  if (!decision.open) {
    return (
      <p className="text-sm text-muted" data-testid="appeal-closed">
        <Trans>The appeal window closed on {until}.</Trans>
      </p>
    );
  }
  if (!formShown) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button variant="outline" size="sm" onClick={() => setFormShown(true)}>
          <Trans>Appeal</Trans>
        </Button>
        <span className="text-muted">
          <Trans>You can appeal once, until {until}. Another admin decides.</Trans>
        </span>
      </div>
    );
  }
  return <AppealForm subject={subject} id={id} deadline={deadline} onCancel={() => setFormShown(false)} />;
}

/** An appeal as sent, and once decided its outcome, the reply and when. */
function AppealRecord({ appeal, owner = true }: { appeal: TAppealView; owner?: boolean }) {
  const { i18n } = useLingui();
  const statusText = APPEAL_STATUS_TEXT[appeal.status];
  const appealText = appeal.text;
  const reply = appeal.facts;
  const decidedAt = dateTimeIn(appeal.decidedAt, i18n.locale);
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-border p-3 text-sm sm:p-4" role="status">
      <p className="font-semibold">{statusText ? i18n._(statusText) : `Appeal: ${appeal.status}`}</p>
      {appeal.text ? (
        <p className="whitespace-pre-wrap break-words text-muted">
          {owner ? <Trans>Your appeal: {appealText}</Trans> : <Trans>The ambassador’s appeal: {appealText}</Trans>}
        </p>
      ) : null}
      {appeal.facts ? (
        <p className="whitespace-pre-wrap break-words">
          <Trans>Reply: {reply}</Trans>
        </p>
      ) : null}
      {appeal.decidedAt ? (
        <p className="text-xs text-muted">
          <Trans>Decided {decidedAt}</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** The rejection an appeal was about, as the answer keeps it (`appealedDecision`). */
export type AppealedDecision = NonNullable<TReportView['appealedDecision']>;

/**
 * A rejection that an appeal overturned stays in the item's history (issue 40): when it was
 * rejected, the reason and facts as they were, and the appeal that changed it.
 */
export function DecisionHistory({
  rejection,
  appeal,
  headingLevel = 3,
  owner = true,
}: {
  rejection: AppealedDecision;
  appeal: TAppealView;
  headingLevel?: 3 | 4;
  /** Read by the person who appealed (else by an admin). */
  owner?: boolean;
}) {
  const { t, i18n } = useLingui();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const rejectedAt = dateTimeIn(rejection.decidedAt, i18n.locale);
  return (
    <section aria-label={t`History`} className="flex flex-col gap-2" data-testid="decision-history">
      <Heading className="text-base font-bold">
        <Trans>History</Trans>
      </Heading>
      <p className="text-xs text-muted">
        <Trans>Rejected {rejectedAt}</Trans>
      </p>
      <DecisionReason
        code={isReasonCode(rejection.reasonCode) ? rejection.reasonCode : null}
        facts={rejection.facts}
        flags={flagsOf(rejection.decisionFlags)}
        headingLevel={4}
      />
      <AppealRecord appeal={appeal} owner={owner} />
    </section>
  );
}

function AppealForm({ subject, id, deadline, onCancel }: { subject: AppealSubject; id: string; deadline: string; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const until = dateIn(deadline, i18n.locale);
  const send = useSendAppeal(subject, id, { title: t`Appeal sent`, description: t`Another admin will decide it.` });
  const form = useForm({ resolver: zodResolver(ZAppealForm), defaultValues: { text: '' } });
  const length = form.watch('text').length;
  const submit = ({ text }: z.output<typeof ZAppealForm>) =>
    send.mutate(text, {
      onError: (error) => {
        showServerErrors(form, error);
        notify.error(t`Appeal not sent`, (error instanceof ApiError ? error.text : null) ?? t`Please try again.`);
      },
    });
  return (
    <Form form={form} onSubmit={submit} aria-label={t`Appeal`} className="flex flex-col gap-3 rounded-xl border border-gold/30 bg-gold/5 p-3 sm:p-4">
      <FormField
        name="text"
        label={t`Why should this decision change?`}
        required
        hint={t`${length} / ${MAX_APPEAL_LENGTH} characters. One appeal, until ${until}; an admin other than the one who decided reads it.`}
      >
        <Textarea rows={4} autoFocus maxLength={MAX_APPEAL_LENGTH} />
      </FormField>
      <AppealActions pending={send.isPending} onCancel={onCancel} />
    </Form>
  );
}
