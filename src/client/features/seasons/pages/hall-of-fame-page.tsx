import { Crown } from 'lucide-react';
import { useCurrentSeason } from '../../../api/current-season.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
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
  const seasons = useEndedSeasons();
  const current = useCurrentSeason();
  useScrollToHash(Boolean(seasons.data));
  return (
    <PublicLayout>
      <div className="pitch-lines border-b border-border">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center">
          <Crown className="mx-auto mb-3 size-10 text-gold" aria-hidden="true" />
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Hall of Fame</h1>
          <p className="mt-2 text-muted">Each month&apos;s prize winners and lottery winners. Anyone can check a draw.</p>
          <p className="mt-3 text-sm">
            <a href="/transparency" className="font-semibold text-gold underline">
              Transparency: the programme log of terms, draws and payouts
            </a>
          </p>
        </div>
      </div>
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
        {current.data ? <RunningSeasonCard season={current.data} /> : null}
        {seasons.isPending ? (
          <Spinner label="Loading the Hall of Fame" />
        ) : seasons.isError ? (
          <Card role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
            <p className="font-semibold">The Hall of Fame could not be loaded.</p>
            <p className="text-sm text-muted">{errorMessage(seasons.error)}</p>
            <Button variant="outline" onClick={() => void seasons.refetch()} loading={seasons.isFetching}>
              Try again
            </Button>
          </Card>
        ) : !seasons.data.length ? (
          <Card>
            <EmptyState icon={<Crown />} title="No month has been closed yet">
              Winners appear here when the first month has ended.
            </EmptyState>
          </Card>
        ) : (
          seasons.data.map((season) => <SeasonCard key={season.month} season={season} />)
        )}
      </div>
    </PublicLayout>
  );
}
