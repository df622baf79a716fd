import { Ticket } from 'lucide-react';
import { formatGcm, formatUsdt } from '../../../../shared/format.ts';
import type { TSeasonSummary } from '../../../../shared/schemas/seasons.ts';
import { ordinal, seasonLabel } from '../../../../shared/seasons.ts';

type Champion = TSeasonSummary['champions'][number];
type Winner = NonNullable<Extract<TSeasonSummary, { protocol: 2 }>['lottery']>['winners'][number];

/** A prize kept back after the freeze: nobody moved up, nobody was redrawn (DECISIONS §5, step 2). */
function Withheld({ withheld }: { withheld: { reason: string } | undefined }) {
  if (!withheld) return null;
  return <span className="block text-xs font-semibold text-danger">Prize withheld: {withheld.reason}</span>;
}

/** The month's top five and their prizes. */
export function ChampionList({ month, champions, frozen }: { month: string; champions: Champion[]; frozen?: boolean }) {
  return (
    <section aria-label={`${seasonLabel(month)} prize winners`}>
      <h3 className="font-semibold">Prize winners</h3>
      {champions.length ? (
        <ol className="mt-2 grid gap-2 sm:grid-cols-2">
          {champions.map((c) => (
            <li key={c.ambassadorId} className="rounded-lg bg-surface-2 px-3 py-2 text-sm">
              <strong>{ordinal(c.rank)}</strong> {c.fullName}: {formatGcm(c.monthlyGcm)} GCM, {frozen ? 'prize' : 'won'} {formatUsdt(c.prizeUsdt)}
              <Withheld withheld={c.withheld} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-sm text-muted">Nobody earned GCM this month.</p>
      )}
    </section>
  );
}

/** The lottery's winners, in the order drawn. */
export function LotteryWinnerList({ month, winners, entrantCount }: { month: string; winners: Winner[]; entrantCount: number }) {
  return (
    <section aria-label={`${seasonLabel(month)} lottery winners`}>
      <h3 className="inline-flex items-center gap-2 font-semibold">
        <Ticket className="size-4 text-gold" aria-hidden="true" /> Lottery winners ({entrantCount} entrants)
      </h3>
      {winners.length ? (
        <ol className="mt-2 flex flex-col gap-1 text-sm">
          {winners.map((w) => (
            <li key={w.ambassadorId}>
              {w.position}. {w.fullName}: {formatUsdt(w.prizeUsdt)}
              <Withheld withheld={w.withheld} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">No lottery winners this month.</p>
      )}
    </section>
  );
}
