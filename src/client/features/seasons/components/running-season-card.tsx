import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { monthIn, placeIn, usdtFigureIn, zonedDateTimeIn } from '../../../../shared/localized-format.ts';
import type { TCurrentSeason } from '../../../../shared/schemas/seasons.ts';
import { seasonBounds, termsFixedLate } from '../../../../shared/seasons.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';

/**
 * The running month: its terms, fixed when it began (protocol 2: prizes, lottery and the drand
 * round that will draw it, hashed and logged), or, for a protocol 1 month, its secret's commitment.
 */
export function RunningSeasonCard({ season }: { season: TCurrentSeason }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const label = monthIn(season.month, locale);
  // The terms' round is the first at or after the month's end + 1 hour (DECISIONS §5, step 1).
  const roundFrom = zonedDateTimeIn(new Date(seasonBounds(season.month).end.getTime() + 3_600_000).toISOString(), locale);
  const prizes = season.prizesUsdt
    .map((p, i) => {
      const place = placeIn(i + 1, locale);
      const amount = usdtFigureIn(p, locale);
      return t`${place} ${amount}`;
    })
    .join(', ');
  const winners = season.lotteryWinners;
  const lotteryPrize = usdtFigureIn(season.lotteryPrizeUsdt, locale);
  const round = season.terms?.beacon.round;
  const termsHash = season.termsHash;
  const commitment = season.commitment;
  const late = termsFixedLate(season.month, season.termsFixedAt);
  const fixedAt = zonedDateTimeIn(season.termsFixedAt, locale);
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 p-6">
        <h2 className="text-xl font-bold">
          <Trans>{label}: running</Trans>
        </h2>
        <p className="text-sm">
          <Trans>
            Prizes: {prizes}; lottery: <Plural value={winners} one="# winner" other="# winners" /> of {lotteryPrize}.
          </Trans>
        </p>
        {season.terms ? (
          <>
            <p className="text-sm text-muted">
              {late ? (
                <Trans>
                  These terms were fixed late, on {fixedAt}, after the month began, and cannot change. At the month&apos;s end the standings and the lottery
                  entrants are frozen and published; the lottery is then drawn from drand round {round}, the first after {roundFrom}, whose randomness nobody
                  can know or choose in advance.
                </Trans>
              ) : (
                <Trans>
                  These terms were fixed when the month began and cannot change. At the month&apos;s end the standings and the lottery entrants are frozen and
                  published; the lottery is then drawn from drand round {round}, the first after {roundFrom}, whose randomness nobody can know or choose in
                  advance.
                </Trans>
              )}
            </p>
            <dl className="grid gap-1 break-all text-xs text-muted">
              <div>
                <dt className="inline font-semibold">
                  <Trans>Terms hash:</Trans>{' '}
                </dt>
                <dd className="inline font-mono">{termsHash}</dd>
              </div>
              {season.termsFixedAt ? (
                <div>
                  <dt className="inline font-semibold">
                    <Trans>Terms fixed:</Trans>{' '}
                  </dt>
                  <dd className="inline break-normal">{zonedDateTimeIn(season.termsFixedAt, locale)}</dd>
                </div>
              ) : null}
            </dl>
          </>
        ) : season.commitment ? (
          <>
            <p className="text-sm text-muted">
              <Trans>
                This month&apos;s draw is already fixed: its secret&apos;s SHA-256 is published here and never changes. After the month ends the secret is
                revealed, so anyone can check that it matches.
              </Trans>
            </p>
            <p className="break-all font-mono text-xs">
              <Trans>Commitment: {commitment}</Trans>
            </p>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
