import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import type { TServiceAge } from '../../../api/decisions.ts';

/** What the text says of an item's age (the shared `serviceLevel`, without its due time). */
type ServiceAge = Pick<TServiceAge, 'ageBusinessDays' | 'levelBusinessDays' | 'overdue'>;
import type { Column } from '../../../components/ui/responsive-table.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { cn } from '../../../lib/utils.ts';

/** A pending item's age against its service level; past it, 'Overdue' in words and an icon, not colour alone. */
export function ServiceAgeText({ age }: { age: ServiceAge }) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs', age.overdue ? 'font-semibold text-danger' : 'text-muted')}>
      {age.overdue ? <Clock className="size-3.5" aria-hidden="true" /> : null}
      <Trans>
        {age.ageBusinessDays} of {age.levelBusinessDays} business days
      </Trans>
      {age.overdue ? (
        <>
          {' · '}
          <Trans>Overdue</Trans>
        </>
      ) : null}
    </span>
  );
}

/** The desk queues' age column (the server sends the age, the level and whether it is overdue; decided items have none). */
export function ageColumn<T extends object>(): Column<T> {
  return {
    header: i18n._(msg`Age`),
    cell: (row) => {
      const age = serviceAgeOf(row);
      return age ? <ServiceAgeText age={age} /> : <span className="text-muted">-</span>;
    },
  };
}

/** The item's `serviceLevel`, when it carries one (a server before DECISIONS §6's clocks sends none). */
function serviceAgeOf(row: object): ServiceAge | null {
  const value: unknown = 'serviceLevel' in row ? row.serviceLevel : null;
  if (typeof value !== 'object' || value === null) return null;
  const { ageBusinessDays, levelBusinessDays, overdue } = value as Record<string, unknown>;
  return typeof ageBusinessDays === 'number' && typeof levelBusinessDays === 'number' && typeof overdue === 'boolean'
    ? { ageBusinessDays, levelBusinessDays, overdue }
    : null;
}
