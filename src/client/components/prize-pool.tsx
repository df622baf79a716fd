import { Gift, Trophy } from 'lucide-react';
import { formatUsdt } from '../../shared/format.ts';
import { addMoney, multiplyMoney } from '../../shared/money.ts';
import { ordinal, seasonLabel } from '../../shared/seasons.ts';
import { useCurrentSeason } from '../api/current-season.ts';
import { cn } from '../lib/utils.ts';
import { QueryError } from './query-state.tsx';

/**
 * This month's prize pool: the running month's terms (DECISIONS §5, Seasons and protocol 2 step 1),
 * fixed when it began, so a settings change made during the month shows from the next one. The five
 * places' USDT prizes and the lottery, with the total. Before the month arrives (and in the
 * prerendered landing page) it says what there is without amounts, never a default that may not be true.
 */
export function PrizePool({ className }: { className?: string }) {
  const current = useCurrentSeason();
  const s = current.data;
  const lotteryTotal = s ? multiplyMoney(s.lotteryPrizeUsdt, s.lotteryWinners) : null;
  const total = s && lotteryTotal ? addMoney(lotteryTotal, ...s.prizesUsdt) : null;
  return (
    <section aria-labelledby="prize-pool-title" className={cn('rounded-2xl border border-gold/30 bg-surface p-6', className)}>
      <h2 id="prize-pool-title" className="inline-flex items-center gap-2 text-xl font-extrabold">
        <Trophy className="size-6 text-gold" aria-hidden="true" /> This month&apos;s prize pool
        {total ? <span className="font-mono text-gold">{formatUsdt(total)}</span> : null}
      </h2>
      {s ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold text-muted">Top {s.prizesUsdt.length} by GCM earned</h3>
            <ol className="mt-2 flex flex-wrap gap-2" aria-label="Prizes by place">
              {s.prizesUsdt.map((prize, i) => (
                <li key={i} className="rounded-lg border border-border bg-surface-2 px-3 py-1.5 text-sm">
                  <span className="font-semibold">{ordinal(i + 1)}</span> <span className="font-mono">{formatUsdt(prize)}</span>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h3 className="inline-flex items-center gap-1.5 text-sm font-semibold text-muted">
              <Gift className="size-4" aria-hidden="true" /> Monthly lottery
            </h3>
            <p className="mt-2 text-sm">
              {s.lotteryWinners > 0 ? (
                <>
                  <span className="font-semibold">{s.lotteryWinners}</span> winner{s.lotteryWinners === 1 ? '' : 's'} of{' '}
                  <span className="font-mono">{formatUsdt(s.lotteryPrizeUsdt)}</span>, drawn from everyone else who earned GCM this month, by a draw anyone can
                  check on the{' '}
                  <a href="/hall-of-fame" className="font-semibold text-gold underline underline-offset-2">
                    Hall of Fame
                  </a>
                  .
                </>
              ) : (
                'No lottery this month.'
              )}
            </p>
          </div>
          {current.data?.terms ? (
            <p className="text-xs text-muted sm:col-span-2">
              {seasonLabel(current.data.month)}&apos;s terms were fixed when the month began and do not change; see the{' '}
              <a href="/transparency" className="font-semibold text-gold underline underline-offset-2">
                programme log
              </a>
              .
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p className="mt-3 text-sm text-muted">
            USDT prizes for the month&apos;s top earners and a lottery among everyone else who earned GCM, paid when the month closes.
          </p>
          {current.status === 'error' ? (
            <QueryError
              title="This month's prizes could not be loaded."
              error={current.error}
              onRetry={() => void current.refetch()}
              retrying={current.isFetching}
              compact
              className="mt-3"
            />
          ) : null}
        </>
      )}
    </section>
  );
}
