import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MAX_FACTS_LENGTH, REASONS, REASON_CODES, reasonHref, reasonsFor, type ReasonCode, type ReasonSubject } from '../../../../shared/reasons.ts';
import type { AbuseFlag } from '../../../../shared/enums.ts';
import { FormField } from '../../../components/ui/form.tsx';
import { NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { FlagBadges } from './flag-badges.tsx';

/** The reason picker's value: a code, or '' before one is chosen. */
export const ZReasonChoice = z.union([z.enum(REASON_CODES), z.literal('')]);

/** The desk's forms require a code (DECISIONS §6): the message under an empty picker. */
export const REASON_REQUIRED = 'Choose the reason for this decision';

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
  factsLabel = 'Facts (optional)',
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
  const code: unknown = useWatch({ control, name: reasonName });
  const facts: unknown = useWatch({ control, name: factsName });
  const chosen = typeof code === 'string' && code in REASONS ? (code as ReasonCode) : null;
  const length = typeof facts === 'string' ? facts.length : 0;
  return (
    <div className="flex flex-col gap-3">
      {flags ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="decision-flags">
          <span className="font-medium">Abuse flags:</span>
          {flags.length > 0 ? <FlagBadges flags={flags} /> : <span className="text-muted">none fired</span>}
        </p>
      ) : null}
      <FormField
        name={reasonName}
        label="Reason"
        required
        hint={
          chosen ? (
            <>
              {REASONS[chosen].rule}{' '}
              <a href={reasonHref(chosen)} target="_blank" rel="noopener noreferrer" className="text-gold underline">
                The rule on /rules<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          ) : (
            'The person reads this reason and its rule.'
          )
        }
      >
        <NativeSelect>
          <option value="">Choose a reason…</option>
          {reasonsFor(subject).map((value) => (
            <option key={value} value={value}>
              {REASONS[value].label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {withFacts ? <FactsField name={factsName} label={factsLabel} length={length} /> : null}
    </div>
  );
}

/** The facts of a decision: shown to the person as written, counted against MAX_FACTS_LENGTH. */
export function FactsField({ name, label, length }: { name: string; label: string; length: number }) {
  return (
    <FormField name={name} label={label} hint={`Shown to the person as written. ${length} / ${MAX_FACTS_LENGTH.toLocaleString('en-US')} characters.`}>
      <Textarea rows={3} className="min-h-20" maxLength={MAX_FACTS_LENGTH} />
    </FormField>
  );
}
