import { formatDateTime, formatUsdt } from '../../../../shared/format.ts';
import type { TCurrentSeason } from '../../../../shared/schemas/seasons.ts';
import { ordinal, seasonBounds, seasonLabel } from '../../../../shared/seasons.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';

/**
 * The running month: its terms, fixed when it began (protocol 2: prizes, lottery and the drand
 * round that will draw it, hashed and logged), or, for a protocol 1 month, its secret's commitment.
 */
export function RunningSeasonCard({ season }: { season: TCurrentSeason }) {
  const label = seasonLabel(season.month);
  // The terms' round is the first at or after the month's end + 1 hour (DECISIONS §5, step 1).
  const roundFrom = new Date(seasonBounds(season.month).end.getTime() + 3_600_000).toISOString();
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 p-6">
        <h2 className="text-xl font-bold">{label}: running</h2>
        <p className="text-sm">
          Prizes: {season.prizesUsdt.map((p, i) => `${ordinal(i + 1)} ${formatUsdt(p)}`).join(', ')}; lottery: {season.lotteryWinners} winners of{' '}
          {formatUsdt(season.lotteryPrizeUsdt)}.
        </p>
        {season.terms ? (
          <>
            <p className="text-sm text-muted">
              These terms were fixed when the month began and cannot change. At the month&apos;s end the standings and the lottery entrants are frozen and
              published; the lottery is then drawn from drand round {season.terms.beacon.round}, the first after {formatDateTime(roundFrom)}, whose randomness
              nobody can know or choose in advance.
            </p>
            <dl className="grid gap-1 break-all text-xs text-muted">
              <div>
                <dt className="inline font-semibold">Terms hash: </dt>
                <dd className="inline font-mono">{season.termsHash}</dd>
              </div>
              {season.termsFixedAt ? (
                <div>
                  <dt className="inline font-semibold">Terms fixed: </dt>
                  <dd className="inline">{formatDateTime(season.termsFixedAt)}</dd>
                </div>
              ) : null}
            </dl>
          </>
        ) : season.commitment ? (
          <>
            <p className="text-sm text-muted">
              This month&apos;s draw is already fixed: its secret&apos;s SHA-256 is published here and never changes. After the month ends the secret is
              revealed, so anyone can check that it matches.
            </p>
            <p className="break-all font-mono text-xs">Commitment: {season.commitment}</p>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
