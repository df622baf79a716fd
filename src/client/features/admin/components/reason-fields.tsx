import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MAX_FACTS_LENGTH, REASONS, REASON_CODES, reasonHref, reasonsFor, type ReasonCode, type ReasonSubject } from '../../../../shared/reasons.ts';
import { REASON_TEXT } from '../../../components/reason-text.ts';
import { DECISION_MESSAGES } from '../../../../shared/schemas/messages.ts';
import type { AbuseFlag } from '../../../../shared/enums.ts';
import { countIn } from '../../../../shared/localized-format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { FlagBadges } from './flag-badges.tsx';

/** The reason picker's value: a code, or '' before one is chosen. */
export const ZReasonChoice = z.union([z.enum(REASON_CODES), z.literal('')]);

/** The facts of a decision, as a form holds them ('' for none). */
// The API's own message (ZFactsInput), which the client translates (api-messages.ts).
export const ZFacts = z.string().max(MAX_FACTS_LENGTH, `Facts must be at most ${MAX_FACTS_LENGTH} characters`);

/** What a decision adds to its request (DECISIONS §6). */
export interface ReasonFieldsInput {
  reasonCode?: ReasonCode | undefined;
  facts?: string | null;
}

/** The desk's forms require a code (DECISIONS §6): the message under an empty picker. */
export const REASON_REQUIRED = DECISION_MESSAGES.reasonRequired;

/** The code to send: '' (none chosen) is no code. */
export function chosenReason(value: ReasonCode | '' | undefined): ReasonCode | undefined {
  return value ? value : undefined;
}

/**
 * The reason step of a decision against someone (DECISIONS §6): a picker of the codes that apply
 * to this kind of decision, the chosen code's rule (what the person will read, with its /rules
 * link), and the facts, shown to the person, counted against MAX_FACTS_LENGTH. Whether an abuse
 * flag fired is said beside it, so the decision is taken knowing it.
 */
export function ReasonFields({
  subject,
  flags,
  reasonName = 'reasonCode',
  factsName = 'facts',
  factsLabel,
  withFacts = true,
}: {
  subject: ReasonSubject;
  flags?: readonly AbuseFlag[] | undefined;
  reasonName?: string;
  factsName?: string;
  factsLabel?: string;
  /** False where the form has its own notes field (a report's review, read as the facts). */
  withFacts?: boolean;
}) {
  const { control } = useFormContext();
  const { t, i18n } = useLingui();
  const code: unknown = useWatch({ control, name: reasonName });
  const facts: unknown = useWatch({ control, name: factsName });
  const chosen = typeof code === 'string' && code in REASONS ? (code as ReasonCode) : null;
  const length = typeof facts === 'string' ? facts.length : 0;
  return (
    <div className="flex flex-col gap-3">
      {flags ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="decision-flags">
          <span className="font-medium">
            <Trans>Abuse flags:</Trans>
          </span>
          {flags.length > 0 ? (
            <FlagBadges flags={flags} />
          ) : (
            <span className="text-muted">
              <Trans>none fired</Trans>
            </span>
          )}
        </p>
      ) : null}
      <FormField
        name={reasonName}
        label={t`Reason`}
        required
        hint={
          chosen ? (
            <>
              {i18n._(REASON_TEXT[chosen].rule)}{' '}
              <a href={reasonHref(chosen)} target="_blank" rel="noopener noreferrer" className="text-gold underline">
                <Trans>The rule on /rules</Trans>
                <span className="sr-only">
                  {' '}
                  <Trans>(opens in a new tab)</Trans>
                </span>
              </a>
            </>
          ) : (
            t`The person reads this reason and its rule.`
          )
        }
      >
        <NativeSelect>
          <ReasonOptions subject={subject} none={t`Choose a reason…`} />
        </NativeSelect>
      </FormField>
      {withFacts ? <FactsField name={factsName} label={factsLabel ?? t`Admin Notes (optional)`} length={length} /> : null}
    </div>
  );
}

/** The facts of a decision: shown to the person as written, counted against MAX_FACTS_LENGTH. */
/** A reason select's options: `none` (the empty choice) first, then the reasons for the subject. */
export function ReasonOptions({ subject, none }: { subject: ReasonSubject; none: string }) {
  const { i18n } = useLingui();
  return (
    <>
      <option value="">{none}</option>
      {reasonsFor(subject).map((code) => (
        <option key={code} value={code}>
          {i18n._(REASON_TEXT[code].label)}
        </option>
      ))}
    </>
  );
}

export function FactsField({ name, label, length }: { name: string; label: string; length: number }) {
  const { t, i18n } = useLingui();
  const max = countIn(MAX_FACTS_LENGTH, i18n.locale);
  return (
    <FormField name={name} label={label} hint={t`Shown to the person as written. ${length} / ${max} characters.`}>
      <Textarea rows={3} className="min-h-20" maxLength={MAX_FACTS_LENGTH} />
    </FormField>
  );
}

const ZReasonStep = z.object({
  reasonCode: ZReasonChoice.refine((code) => code !== '', REASON_REQUIRED),
  facts: ZFacts,
});

/** A decision's reason as the API takes it (DECISIONS §6). */
export interface ReasonInput {
  reasonCode: ReasonCode;
  facts: string | null;
}

/**
 * The step between 'Reject' (or 'Suspend') and the decision: the reason picker (required here,
 * whatever the API accepts), the facts, and the decision's own button. Cancel goes back.
 */
export function ReasonStep({
  subject,
  flags,
  title,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  subject: ReasonSubject;
  flags?: readonly AbuseFlag[] | undefined;
  title: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (input: ReasonInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<z.input<typeof ZReasonStep>, unknown, z.output<typeof ZReasonStep>>({
    resolver: zodResolver(ZReasonStep),
    defaultValues: { reasonCode: '', facts: '' },
  });
  useEffect(() => form.setFocus('reasonCode'), [form]);
  return (
    <Form
      form={form}
      onSubmit={({ reasonCode, facts }) => {
        const code = chosenReason(reasonCode);
        if (code) onConfirm({ reasonCode: code, facts: facts.trim() || null });
      }}
      aria-label={title}
      className="flex flex-col gap-4 rounded-xl border border-danger/40 bg-danger/5 p-4"
    >
      <h3 className="font-semibold">{title}</h3>
      <ReasonFields subject={subject} flags={flags} />
      <DialogActions onCancel={onCancel} pending={pending} className="mt-0">
        <Button type="submit" variant="destructive" loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Form>
  );
}
