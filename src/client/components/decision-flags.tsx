import { Trans } from '@lingui/react/macro';
import type { AbuseFlag } from '../../shared/enums.ts';
import { useAbuseFlagText } from './abuse-flag-text.ts';

/**
 * Whether an automatic abuse check had fired when a decision was made (issue 29), as the admin saw
 * it then: told to the person beside the reason, so nobody wonders whether a machine decided. Null
 * (an older decision, kept before the flags were) says nothing.
 */
export function DecisionFlags({ flags }: { flags: readonly AbuseFlag[] | null }) {
  const text = useAbuseFlagText();
  if (!flags) return null;
  if (flags.length === 0) {
    return (
      <p className="text-muted" data-testid="decision-flags">
        <Trans>No automatic check had flagged this when it was decided.</Trans>
      </p>
    );
  }
  return (
    <div data-testid="decision-flags">
      <p>
        <Trans>An automatic check had flagged this when it was decided. A flag asks the reviewer to look closer; the decision is theirs:</Trans>
      </p>
      <ul className="mt-1 list-disc pl-5">
        {flags.map((flag) => (
          <li key={flag}>{text(flag)}</li>
        ))}
      </ul>
    </div>
  );
}
