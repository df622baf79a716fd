import { Plural, SelectOrdinal, Trans, useLingui } from '@lingui/react/macro';
import { Gift, Trophy } from 'lucide-react';
import { monthIn, usdtAmountIn } from '../../shared/localized-figures.ts';
import { addMoney, multiplyMoney } from '../../shared/money.ts';
import { termsFixedLate } from '../../shared/seasons.ts';
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
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const current = useCurrentSeason();
  const s = current.data;
  const lotteryTotal = s ? multiplyMoney(s.lotteryPrizeUsdt, s.lotteryWinners) : null;
  const total = s && lotteryTotal ? addMoney(lotteryTotal, ...s.prizesUsdt) : null;
  const places = s?.prizesUsdt.length ?? 0;
  const winners = s?.lotteryWinners ?? 0;
  const lotteryPrize = s ? usdtAmountIn(s.lotteryPrizeUsdt, locale) : '';
  const month = current.data ? monthIn(current.data.month, locale) : '';
  return (
    <section aria-labelledby="prize-pool-title" className={cn('rounded-2xl border border-gold/30 bg-surface p-6', className)}>
      <h2 id="prize-pool-title" className="inline-flex items-center gap-2 text-xl font-extrabold">
        <Trophy className="size-6 text-gold" aria-hidden="true" /> <Trans>This month&apos;s prize pool</Trans>
        {total ? <span className="whitespace-nowrap font-mono text-gold">{usdtAmountIn(total, locale)}</span> : null}
      </h2>
      {s ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold text-muted">
              <Trans>Top {places} by GCM earned</Trans>
            </h3>
            <ol className="mt-2 flex flex-wrap gap-2" aria-label={t`Prizes by place`}>
              {s.prizesUsdt.map((prize, i) => (
                <li key={i} className="rounded-lg border border-border bg-surface-2 px-3 py-1.5 text-sm">
                  <span className="font-semibold">
                    <SelectOrdinal value={i + 1} one="#st" two="#nd" few="#rd" other="#th" />
                  </span>{' '}
                  <span className="whitespace-nowrap font-mono">{usdtAmountIn(prize, locale)}</span>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h3 className="inline-flex items-center gap-1.5 text-sm font-semibold text-muted">
              <Gift className="size-4" aria-hidden="true" /> <Trans>Monthly lottery</Trans>
            </h3>
            <p className="mt-2 text-sm">
              {s.lotteryWinners > 0 ? (
                <Trans>
                  <span className="font-semibold">{winners}</span> <Plural value={winners} one="winner" other="winners" /> of{' '}
                  <span className="whitespace-nowrap font-mono">{lotteryPrize}</span>, drawn from everyone else who earned GCM this month, by a draw anyone can
                  check on the{' '}
                  <a href="/hall-of-fame" className="font-semibold text-gold underline underline-offset-2">
                    Hall of Fame
                  </a>
                  .
                </Trans>
              ) : (
                t`No lottery this month.`
              )}
            </p>
          </div>
          {current.data?.terms ? (
            <p className="text-xs text-muted sm:col-span-2">
              {termsFixedLate(current.data.month, current.data.termsFixedAt) ? (
                <Trans>
                  {month}&apos;s terms were fixed late, after the month began, and do not change; see the{' '}
                  <a href="/transparency" className="font-semibold text-gold underline underline-offset-2">
                    programme log
                  </a>
                  .
                </Trans>
              ) : (
                <Trans>
                  {month}&apos;s terms were fixed when the month began and do not change; see the{' '}
                  <a href="/transparency" className="font-semibold text-gold underline underline-offset-2">
                    programme log
                  </a>
                  .
                </Trans>
              )}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p className="mt-3 text-sm text-muted">
            <Trans>USDT prizes for the month&apos;s top earners and a lottery among everyone else who earned GCM, paid when the month closes.</Trans>
          </p>
          {current.status === 'error' ? <QueryError title={t`This month's prizes could not be loaded.`} query={current} compact className="mt-3" /> : null}
        </>
      )}
    </section>
  );
}
