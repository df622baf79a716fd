import { Trans } from '@lingui/react/macro';
import { Mail, UserRound, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SUPPORT_EMAIL } from '../../shared/limits.ts';
import type { TOwnAmbassador } from '../../shared/schemas/ambassadors.ts';
import { useAmbassador } from '../api/ambassador.ts';
import { isAmbassadorMissing } from '../api/resources.ts';
import { MemberLayout } from './layout/member-layout.tsx';
import { QueryState } from './query-state.tsx';
import { buttonVariants } from './ui/button.tsx';
import { Card, CardContent } from './ui/card.tsx';
import { FullPageSpinner } from './ui/spinner.tsx';

/**
 * The one page for an account without an ambassador record (GET /api/ambassador answered 404), in
 * the spec's words: the dashboard's 'Ambassador Profile Not Found' with a mail to support (spec §2),
 * the other pages' 'No Ambassador Profile' with a link to the dashboard.
 */
export function NoAmbassadorProfile({ dashboard = false }: { dashboard?: boolean }) {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        {dashboard ? (
          <>
            <UserRound className="size-12 text-gold" aria-hidden="true" />
            <h1 className="text-2xl font-bold">
              <Trans>Ambassador Profile Not Found</Trans>
            </h1>
            <p className="text-muted">
              <Trans>Your account is not set up as an ambassador yet. Please contact support so we can sort it out.</Trans>
            </p>
            <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonVariants()}>
              <Mail aria-hidden="true" />
              <Trans>Contact Support</Trans>
            </a>
          </>
        ) : (
          <>
            <UserX className="size-12 text-gold" aria-hidden="true" />
            <h1 className="text-2xl font-bold">
              <Trans>No Ambassador Profile</Trans>
            </h1>
            <p className="text-muted">
              <Trans>Your ambassador profile could not be found.</Trans>
            </p>
            <Link href="/dashboard" className={buttonVariants()}>
              <Trans>Go to Dashboard</Trans>
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A page of the signed-in ambassador's own (dashboard, wallet, profile, reports): their record
 * loading, failed (with 'Try again'), not there (NoAmbassadorProfile, and only then), or shown.
 */
export function AmbassadorState({
  loadingLabel,
  failure,
  dashboard = false,
  children,
}: {
  loadingLabel: string;
  /** The sentence that says what failed, like the wallet page's. */
  failure: string;
  dashboard?: boolean;
  children: (ambassador: TOwnAmbassador) => ReactNode;
}) {
  const ambassador = useAmbassador();
  return (
    <QueryState
      query={ambassador}
      failure={failure}
      page
      loading={<FullPageSpinner label={loadingLabel} />}
      missing={{ when: isAmbassadorMissing, show: <NoAmbassadorProfile dashboard={dashboard} /> }}
    >
      {children}
    </QueryState>
  );
}

/** A page of the ambassador's own in the member layout: their record's state (AmbassadorState), then the page. */
export function AmbassadorPage({ shortReportLabel, ...state }: Parameters<typeof AmbassadorState>[0] & { shortReportLabel?: boolean }) {
  return (
    <MemberLayout shortReportLabel={shortReportLabel}>
      <AmbassadorState {...state} />
    </MemberLayout>
  );
}
