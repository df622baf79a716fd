import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from './ui/button.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { cn } from '../lib/utils.ts';

/** An ambassador's reports before the first (the spec's dashboard empty state): the dashboard's recent reports and My Reports. */
export function NoReportsYet({ icon }: { icon: ReactNode }) {
  const { t } = useLingui();
  return (
    <EmptyState icon={icon} title={t`No reports submitted yet`}>
      <Link href="/submit-report" className={cn(buttonVariants({ size: 'sm' }), 'mt-3')}>
        <Trans>Submit Your First Report</Trans>
      </Link>
    </EmptyState>
  );
}
