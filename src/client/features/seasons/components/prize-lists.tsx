import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Ticket } from 'lucide-react';
import { gcmIn, monthIn, placeIn, usdtFigureIn } from '../../../../shared/localized-format.ts';
import type { TSeasonSummary } from '../../../../shared/schemas/seasons.ts';

type Champion = TSeasonSummary['champions'][number];
type Winner = NonNullable<Extract<TSeasonSummary, { protocol: 2 }>['lottery']>['winners'][number];

/** A prize kept back after the freeze: nobody moved up, nobody was redrawn (DECISIONS §5, step 2). */
function Withheld({ withheld }: { withheld: { reason: string } | undefined }) {
  if (!withheld) return null;
  const reason = withheld.reason;
  return (
    <span className="block text-xs font-semibold text-danger">
      <Trans>Prize withheld: {reason}</Trans>
    </span>
  );
}

/** The month's top five and their prizes. */
export function ChampionList({ month, champions, frozen }: { month: string; champions: Champion[]; frozen?: boolean }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const label = monthIn(month, locale);
  return (
    <section aria-label={t`${label} prize winners`}>
      <h3 className="font-semibold">
        <Trans>Prize winners</Trans>
      </h3>
      {champions.length ? (
        <ol className="mt-2 grid gap-2 sm:grid-cols-2">
          {champions.map((c) => {
            const place = placeIn(c.rank, locale);
            const name = c.fullName;
            const gcm = gcmIn(c.monthlyGcm, locale);
            const prize = usdtFigureIn(c.prizeUsdt, locale);
            return (
              <li key={c.ambassadorId} className="break-words rounded-lg bg-surface-2 px-3 py-2 text-sm">
                {frozen ? (
                  <Trans>
                    <strong>{place}</strong> {name}: {gcm} GCM, prize {prize}
                  </Trans>
                ) : (
                  <Trans>
                    <strong>{place}</strong> {name}: {gcm} GCM, won {prize}
                  </Trans>
                )}
                <Withheld withheld={c.withheld} />
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="mt-1 text-sm text-muted">
          <Trans>Nobody earned GCM this month.</Trans>
        </p>
      )}
    </section>
  );
}

/** The lottery's winners, in the order drawn. */
export function LotteryWinnerList({ month, winners, entrantCount }: { month: string; winners: Winner[]; entrantCount: number }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const label = monthIn(month, locale);
  return (
    <section aria-label={t`${label} lottery winners`}>
      <h3 className="inline-flex items-center gap-2 font-semibold">
        <Ticket className="size-4 shrink-0 text-gold" aria-hidden="true" />{' '}
        <Trans>
          Lottery winners (<Plural value={entrantCount} one="# entrant" other="# entrants" />)
        </Trans>
      </h3>
      {winners.length ? (
        <ol className="mt-2 flex flex-col gap-1 text-sm">
          {winners.map((w) => (
            <li key={w.ambassadorId}>
              {w.position}. {w.fullName}: {usdtFigureIn(w.prizeUsdt, locale)}
              <Withheld withheld={w.withheld} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">
          <Trans>No lottery winners this month.</Trans>
        </p>
      )}
    </section>
  );
}
