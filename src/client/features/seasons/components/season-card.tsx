import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { QUICKNET } from '../../../../shared/drand.ts';
import { countIn, monthIn, zonedDateTimeIn } from '../../../../shared/localized-format.ts';
import type { TSeasonSummary, TSeasonSummary1, TSeasonSummary2 } from '../../../../shared/schemas/seasons.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EntrantList } from './entrant-list.tsx';
import { ChampionList, LotteryWinnerList } from './prize-lists.tsx';
import { VerifyDrawPanel } from './verify-draw-panel.tsx';

/** One ended month on the Hall of Fame, by its protocol. Its id is the month, for links (#2026-12). */
export function SeasonCard({ season }: { season: TSeasonSummary }) {
  return (
    <Card id={season.month}>
      <CardContent className="flex flex-col gap-4 p-6">
        {season.protocol === 2 ? <Protocol2Season season={season} /> : <Protocol1Season season={season} />}
      </CardContent>
    </Card>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid gap-1 break-all text-xs text-muted">{children}</dl>;
}

function Fact({ term, children, mono }: { term: string; children: ReactNode; mono?: boolean }) {
  return (
    <div>
      <dt className="inline font-semibold">{term}: </dt>
      <dd className={mono ? 'inline font-mono' : 'inline break-normal'}>{children}</dd>
    </div>
  );
}

/** A month closed before protocol 2: its secret and the beacon a super admin typed in. */
function Protocol1Season({ season }: { season: TSeasonSummary1 }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-2xl font-bold">{monthIn(season.month, locale)}</h2>
        <Badge variant="outline">
          <Trans>Beacon entered by an admin</Trans>
        </Badge>
      </div>
      <ChampionList month={season.month} champions={season.champions} />
      <LotteryWinnerList month={season.month} winners={season.lottery.winners} entrantCount={season.lottery.entrantCount} />
      <Facts>
        <Fact term={t`Closed`}>{zonedDateTimeIn(season.closedAt, locale)}</Fact>
        <Fact term={t`Beacon (entered by an admin)`} mono>
          {season.lottery.beacon}
        </Fact>
        <Fact term={t`Secret`} mono>
          {season.lottery.secret}
        </Fact>
      </Facts>
      <VerifyDrawPanel month={season.month} />
    </>
  );
}

/** A protocol 2 month: frozen at its end by the product, drawn from a drand round nobody could know. */
function Protocol2Season({ season }: { season: TSeasonSummary2 }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const label = monthIn(season.month, locale);
  const { beacon } = season;
  const round = beacon.round;
  const at = zonedDateTimeIn(beacon.at, locale);
  const frozenAt = zonedDateTimeIn(season.frozenAt, locale);
  const entrantCount = season.entrantCount;
  const entrants = countIn(entrantCount, locale);
  const frozen = season.status === 'frozen';
  const [showEntrants, setShowEntrants] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-2xl font-bold">{label}</h2>
        {frozen ? (
          <Badge variant="warning">
            <Trans>Frozen: the draw is waiting</Trans>
          </Badge>
        ) : (
          <Badge variant="success">
            <Trans>Closed</Trans>
          </Badge>
        )}
      </div>
      <ChampionList month={season.month} champions={season.champions} frozen={frozen} />
      <p className="text-sm">
        {frozen ? (
          <Trans>
            Lottery: drawn from drand round {round} at {at} (waiting)
          </Trans>
        ) : (
          <Trans>
            Lottery: drawn from drand round {round} at {at}
          </Trans>
        )}
      </p>
      {frozen ? (
        <p className="text-sm text-muted">
          <Trans>
            The standings and the <Plural value={entrantCount} one="# lottery entrant were" other="# lottery entrants were" /> frozen at {frozenAt}, before
            anyone could know that round&apos;s randomness. The month closes by itself once the round is out.
          </Trans>
        </p>
      ) : (
        <LotteryWinnerList month={season.month} winners={season.lottery?.winners ?? []} entrantCount={season.entrantCount} />
      )}
      <Facts>
        <Fact term={t`Terms hash`} mono>
          {season.termsHash}
        </Fact>
        <Fact term={t`Frozen`}>{frozenAt}</Fact>
        <Fact term={t`Entrant list hash`} mono>
          {season.listHash}
        </Fact>
        <Fact term={t`Beacon chain`} mono>
          {beacon.chain === QUICKNET.hash ? `drand quicknet (${beacon.chain})` : beacon.chain}
        </Fact>
        {beacon.signature ? (
          <Fact term={t`Round ${round} signature`} mono>
            {beacon.signature}
          </Fact>
        ) : null}
        {beacon.randomness ? (
          <Fact term={t`Randomness`} mono>
            {beacon.randomness}
          </Fact>
        ) : null}
        {season.closedAt ? <Fact term={t`Closed`}>{zonedDateTimeIn(season.closedAt, locale)}</Fact> : null}
      </Facts>
      {frozen ? (
        <section aria-label={t`${label} lottery entrants`} className="flex flex-col gap-2">
          <h3 className="font-semibold">
            <Trans>Lottery entrants</Trans>
          </h3>
          <EntrantList month={season.month} />
        </section>
      ) : (
        <details className="text-sm" onToggle={(e) => setShowEntrants(e.currentTarget.open)}>
          <summary className="cursor-pointer font-semibold">
            <Trans>Everyone in the draw ({entrants})</Trans>
          </summary>
          <div className="mt-2">{showEntrants ? <EntrantList month={season.month} /> : null}</div>
        </details>
      )}
      <p className="text-sm">
        <a href={`/transparency#${season.month}`} className="font-semibold text-gold underline underline-offset-2">
          <Trans>{label} in the programme log</Trans>
        </a>
      </p>
      <VerifyDrawPanel month={season.month} />
    </>
  );
}
