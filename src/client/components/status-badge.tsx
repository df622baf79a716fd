import type { AmbassadorStatus, DecisionStatus } from '../../shared/enums.ts';
import { Badge } from './ui/badge.tsx';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

const VARIANT: Record<DecisionStatus | AmbassadorStatus, 'warning' | 'success' | 'destructive'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  active: 'success',
  suspended: 'destructive',
};

const WORD: Record<DecisionStatus | AmbassadorStatus, MessageDescriptor> = {
  pending: msg`pending`,
  approved: msg`approved`,
  rejected: msg`rejected`,
  active: msg`active`,
  suspended: msg`suspended`,
};

/** pending / approved / rejected (and active / suspended) as a coloured badge, in the page's language. */
export function StatusBadge({ status }: { status: DecisionStatus | AmbassadorStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant={VARIANT[status]} className="capitalize">
      {i18n._(WORD[status])}
    </Badge>
  );
}
