import type { AmbassadorStatus, WithdrawalStatus } from '../../shared/enums.ts';
import { Badge } from './ui/badge.tsx';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

const VARIANT: Record<WithdrawalStatus | AmbassadorStatus, 'warning' | 'success' | 'destructive' | 'secondary'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  cancelled: 'secondary',
  active: 'success',
  suspended: 'destructive',
};

const WORD: Record<WithdrawalStatus | AmbassadorStatus, MessageDescriptor> = {
  pending: msg`pending`,
  approved: msg`approved`,
  rejected: msg`rejected`,
  cancelled: msg`cancelled`,
  active: msg`active`,
  suspended: msg`suspended`,
};

/** pending / approved / rejected / cancelled (and active / suspended) as a coloured badge, in the page's language. */
export function StatusBadge({ status }: { status: WithdrawalStatus | AmbassadorStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant={VARIANT[status]} className="capitalize">
      {i18n._(WORD[status])}
    </Badge>
  );
}
