import { Trans, useLingui } from '@lingui/react/macro';
import { Crown } from 'lucide-react';
import { useCurrentSeason } from '../../../api/current-season.ts';
import { usePublicChanges } from '../../../api/live.ts';
import { PageHero } from '../../../components/layout/page-hero.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useScrollToHash } from '../../../lib/scroll-to-hash.ts';
import { useEndedSeasons } from '../api/get-seasons.ts';
import { RunningSeasonCard } from '../components/running-season-card.tsx';
import { SeasonCard } from '../components/season-card.tsx';

/**
 * Each ended month from its freeze on (champions, the drand round that will draw the lottery, the
 * entrants), its winners once drawn, a check anyone can run in the browser, and the running
 * month's terms.
 */
export function HallOfFamePage() {
  const { t } = useLingui();
  const seasons = useEndedSeasons();
  const current = useCurrentSeason();
  // A month frozen, drawn or closed shows up while the page is open.
  usePublicChanges();
  useScrollToHash(Boolean(seasons.data));
  return (
    <PublicLayout>
      <PageHero
        icon={<Crown />}
        title={t`Hall of Fame`}
        lead={<Trans>Each month&apos;s prize winners and lottery winners. Anyone can check a draw.</Trans>}
        links={
          <>
            <a href="/transparency" className="font-semibold text-gold underline">
              <Trans>Transparency: the programme log of terms, draws and payouts</Trans>
            </a>
          </>
        }
      />
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
        <QueryState
          query={current}
          failure={t`The running month could not be loaded.`}
          loading={null}
          compact
          className="rounded-2xl border border-border bg-surface p-6"
        >
          {(season) => <RunningSeasonCard season={season} />}
        </QueryState>
        <QueryState
          query={seasons}
          failure={t`The Hall of Fame could not be loaded.`}
          loading={<Spinner label={t`Loading the Hall of Fame`} />}
          className="rounded-2xl border border-border bg-surface"
          isEmpty={(list) => list.length === 0}
          empty={
            <Card>
              <EmptyState icon={<Crown />} title={t`No month has been closed yet`}>
                <Trans>Winners appear here when the first month has ended.</Trans>
              </EmptyState>
            </Card>
          }
        >
          {(list) => list.map((season) => <SeasonCard key={season.month} season={season} />)}
        </QueryState>
      </div>
    </PublicLayout>
  );
}
