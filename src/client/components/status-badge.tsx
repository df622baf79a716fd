import type { AmbassadorStatus, DecisionStatus } from '../../shared/enums.ts';
import { Badge } from './ui/badge.tsx';

const VARIANT: Record<DecisionStatus | AmbassadorStatus, 'warning' | 'success' | 'destructive'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  active: 'success',
  suspended: 'destructive',
};

/** pending / approved / rejected (and active / suspended) as a coloured badge. */
export function StatusBadge({ status }: { status: DecisionStatus | AmbassadorStatus }) {
  return (
    <Badge variant={VARIANT[status]} className="capitalize">
      {status}
    </Badge>
  );
}
