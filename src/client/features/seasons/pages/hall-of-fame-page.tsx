import { Crown, Ticket } from 'lucide-react';
import { formatDateTime, formatGcm, formatUsdt } from '../../../../shared/format.ts';
import { seasonLabel } from '../../../../shared/seasons.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useClosedSeasons, useCurrentSeason } from '../api/get-seasons.ts';
import { VerifyDrawPanel } from '../components/verify-draw-panel.tsx';

const PLACES = ['1st', '2nd', '3rd', '4th', '5th'];

/** Each closed month's champions and lottery winners, and the running month's commitment. */
export function HallOfFamePage() {
  const seasons = useClosedSeasons();
  const current = useCurrentSeason();
  return (
    <PublicLayout>
      <div className="pitch-lines border-b border-border">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center">
          <Crown className="mx-auto mb-3 size-10 text-gold" aria-hidden="true" />
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Hall of Fame</h1>
          <p className="mt-2 text-muted">Each month&apos;s prize winners and lottery winners. Anyone can check a draw.</p>
        </div>
      </div>
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
        {current.data ? (
          <Card>
            <CardContent className="flex flex-col gap-2 p-6">
              <h2 className="text-xl font-bold">{seasonLabel(current.data.month)}: running</h2>
              <p className="text-sm">
                Prizes: {current.data.prizesUsdt.map((p, i) => `${PLACES[i]} ${formatUsdt(p)}`).join(', ')}; lottery: {current.data.lotteryWinners} winners of{' '}
                {formatUsdt(current.data.lotteryPrizeUsdt)}.
              </p>
              <p className="text-sm text-muted">
                This month&apos;s draw is already fixed: its secret&apos;s SHA-256 is published here and never changes. After the month ends the secret is
                revealed, so anyone can check that it matches.
              </p>
              <p className="break-all font-mono text-xs">Commitment: {current.data.commitment}</p>
            </CardContent>
          </Card>
        ) : null}
        {seasons.isLoading ? (
          <Spinner label="Loading the Hall of Fame" />
        ) : !seasons.data?.length ? (
          <Card>
            <EmptyState icon={<Crown />} title="No month has been closed yet">
              Winners appear here when the first month is closed.
            </EmptyState>
          </Card>
        ) : (
          seasons.data.map((season) => (
            <Card key={season.month} id={season.month}>
              <CardContent className="flex flex-col gap-4 p-6">
                <h2 className="text-2xl font-bold">{seasonLabel(season.month)}</h2>
                <section aria-label={`${seasonLabel(season.month)} prize winners`}>
                  <h3 className="font-semibold">Prize winners</h3>
                  <ol className="mt-2 grid gap-2 sm:grid-cols-2">
                    {season.champions.map((c) => (
                      <li key={c.ambassadorId} className="rounded-lg bg-surface-2 px-3 py-2 text-sm">
                        <strong>{PLACES[c.rank - 1]}</strong> {c.fullName}: {formatGcm(c.monthlyGcm)} GCM, won {formatUsdt(c.prizeUsdt)}
                      </li>
                    ))}
                  </ol>
                </section>
                <section aria-label={`${seasonLabel(season.month)} lottery winners`}>
                  <h3 className="inline-flex items-center gap-2 font-semibold">
                    <Ticket className="size-4 text-gold" aria-hidden="true" /> Lottery winners ({season.lottery.entrantCount} entrants)
                  </h3>
                  {season.lottery.winners.length ? (
                    <ol className="mt-2 flex flex-col gap-1 text-sm">
                      {season.lottery.winners.map((w) => (
                        <li key={w.ambassadorId}>
                          {w.position}. {w.fullName}: {formatUsdt(w.prizeUsdt)}
                        </li>
                      ))}
                    </ol>
                  ) : (
                    <p className="text-sm text-muted">No lottery winners this month.</p>
                  )}
                </section>
                <dl className="grid gap-1 break-all text-xs text-muted">
                  <div>
                    <dt className="inline font-semibold">Closed: </dt>
                    <dd className="inline">{formatDateTime(season.closedAt)}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">Beacon: </dt>
                    <dd className="inline font-mono">{season.lottery.beacon}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">Secret: </dt>
                    <dd className="inline font-mono">{season.lottery.secret}</dd>
                  </div>
                </dl>
                <VerifyDrawPanel month={season.month} />
              </CardContent>
            </Card>
          ))
        )}
      </div>
    </PublicLayout>
  );
}
