import { Checkbox } from '../../../components/ui/checkbox.tsx';
import type { ReactNode } from 'react';

/** The choices in their fixed order, with `choice` ticked or unticked and the others as chosen. */
export function toggledChoices<T extends string>(choices: readonly T[], chosen: readonly T[], choice: T, on: boolean): T[] {
  return choices.filter((c) => (c === choice ? on : chosen.includes(c)));
}

/**
 * A grid of labelled checkboxes, one per choice (the API-key scopes, the webhook event types):
 * each label is a bordered tile that turns gold when ticked.
 */
export function ChoiceCheckboxes<T extends string>({
  choices,
  chosen,
  onChange,
  idOf,
  padding,
  children: label,
}: {
  choices: readonly T[];
  chosen: readonly T[];
  onChange: (next: T[]) => void;
  /** The checkbox's id, which its label points to. */
  idOf: (choice: T) => string;
  /** Each tile's vertical padding. */
  padding: 'py-2' | 'py-2.5';
  /** What the tile says beside its checkbox. */
  children: (choice: T) => ReactNode;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {choices.map((choice) => {
        const id = idOf(choice);
        return (
          <label
            key={choice}
            htmlFor={id}
            className={`flex cursor-pointer items-center gap-2.5 rounded-lg border border-border bg-background/40 px-3 ${padding} text-sm has-[[data-state=checked]]:border-gold/60 has-[[data-state=checked]]:bg-gold/5`}
          >
            <Checkbox
              id={id}
              checked={chosen.includes(choice)}
              onCheckedChange={(value) => onChange(toggledChoices(choices, chosen, choice, value === true))}
            />
            {label(choice)}
          </label>
        );
      })}
    </div>
  );
}
