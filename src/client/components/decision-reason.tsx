import { zodResolver } from '@hookform/resolvers/zod';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import { MAX_APPEAL_LENGTH, NO_REASON_TEXT, REASONS, reasonHref, type ReasonCode } from '../../shared/reasons.ts';
import { useSendAppeal, type AppealSubject, type Decision } from '../api/decisions.ts';
import { ApiError } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
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
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const SubHeading = headingLevel === 3 ? 'h4' : 'h5';
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm" data-testid="decision-reason">
      <Heading className="inline-flex items-center gap-2 text-base font-bold">
        <Scale className="size-4 shrink-0 text-danger" aria-hidden="true" />
        {code ? `Reason: ${REASONS[code].label}` : `Reason: ${NO_REASON_TEXT}`}
      </Heading>
      {code ? (
        <p>
          {REASONS[code].rule}{' '}
          <a href={reasonHref(code)} className="font-semibold text-gold underline underline-offset-2">
            Read the rule<span className="sr-only">: {REASONS[code].label}</span>
          </a>
        </p>
      ) : null}
      {facts ? (
        <div>
          <SubHeading className="font-semibold">Feedback from the team</SubHeading>
          <p className="whitespace-pre-wrap break-words">{facts}</p>
        </div>
      ) : null}
      <DecisionFlags flags={flags} />
    </div>
  );
}

const APPEAL_STATUS_TEXT: Record<string, string> = {
  pending: 'Appeal sent: another admin will decide it.',
  upheld: 'Appeal decided: the decision stands.',
  overturned: 'Appeal decided: the decision was overturned.',
};

const ZAppealForm = z.object({
  text: z.string().trim().min(1, 'Say why the decision should change').max(MAX_APPEAL_LENGTH, `At most ${MAX_APPEAL_LENGTH} characters`),
});

/**
 * The one appeal of a rejected report or withdrawal: its status once sent (and the reply of the
 * admin who decided it); before that, while the window is open, an 'Appeal' button with its
 * deadline that opens a short form. After the deadline there is no button.
 */
export function AppealPanel({ subject, id, decision, now = Date.now() }: { subject: AppealSubject; id: string; decision: Decision; now?: number }) {
  const [open, setOpen] = useState(false);
  const { appeal, deadline } = decision;
  if (appeal) {
    return (
      <div className="flex flex-col gap-1 rounded-xl border border-border p-4 text-sm" role="status">
        <p className="font-semibold">{APPEAL_STATUS_TEXT[appeal.status] ?? `Appeal: ${appeal.status}`}</p>
        {appeal.text ? <p className="whitespace-pre-wrap break-words text-muted">Your appeal: {appeal.text}</p> : null}
        {appeal.facts ? <p className="whitespace-pre-wrap break-words">Reply: {appeal.facts}</p> : null}
        {appeal.decidedAt ? <p className="text-xs text-muted">Decided {formatDateTime(appeal.decidedAt)}</p> : null}
      </div>
    );
  }
  if (!deadline || new Date(deadline).getTime() <= now) return null;
  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Appeal
        </Button>
        <span className="text-muted">You can appeal once, until {formatDate(deadline)}. Another admin decides.</span>
      </div>
    );
  }
  return <AppealForm subject={subject} id={id} deadline={deadline} onCancel={() => setOpen(false)} />;
}

function AppealForm({ subject, id, deadline, onCancel }: { subject: AppealSubject; id: string; deadline: string; onCancel: () => void }) {
  const send = useSendAppeal(subject, id);
  const form = useForm({ resolver: zodResolver(ZAppealForm), defaultValues: { text: '' } });
  const length = form.watch('text').length;
  const submit = ({ text }: z.output<typeof ZAppealForm>) =>
    send.mutate(text, {
      onError: (error) => {
        showServerErrors(form, error);
        notify.error('Appeal not sent', error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.');
      },
    });
  return (
    <Form form={form} onSubmit={submit} aria-label="Appeal" className="flex flex-col gap-3 rounded-xl border border-gold/30 bg-gold/5 p-4">
      <FormField
        name="text"
        label="Why should this decision change?"
        required
        hint={`${length} / ${MAX_APPEAL_LENGTH} characters. One appeal, until ${formatDate(deadline)}; an admin other than the one who decided reads it.`}
      >
        <Textarea rows={4} autoFocus maxLength={MAX_APPEAL_LENGTH} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={send.isPending}>
          Send appeal
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
