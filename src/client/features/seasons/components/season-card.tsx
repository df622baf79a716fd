import { useState, type ReactNode } from 'react';
import { QUICKNET } from '../../../../shared/drand.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import type { TSeasonSummary, TSeasonSummary1, TSeasonSummary2 } from '../../../../shared/schemas/seasons.ts';
import { seasonLabel } from '../../../../shared/seasons.ts';
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
      <dd className={mono ? 'inline font-mono' : 'inline'}>{children}</dd>
    </div>
  );
}

/** A month closed before protocol 2: its secret and the beacon a super admin typed in. */
function Protocol1Season({ season }: { season: TSeasonSummary1 }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-2xl font-bold">{seasonLabel(season.month)}</h2>
        <Badge variant="outline">Beacon entered by an admin</Badge>
      </div>
      <ChampionList month={season.month} champions={season.champions} />
      <LotteryWinnerList month={season.month} winners={season.lottery.winners} entrantCount={season.lottery.entrantCount} />
      <Facts>
        <Fact term="Closed">{formatDateTime(season.closedAt)}</Fact>
        <Fact term="Beacon (entered by an admin)" mono>
          {season.lottery.beacon}
        </Fact>
        <Fact term="Secret" mono>
          {season.lottery.secret}
        </Fact>
      </Facts>
      <VerifyDrawPanel month={season.month} />
    </>
  );
}

/** A protocol 2 month: frozen at its end by the product, drawn from a drand round nobody could know. */
function Protocol2Season({ season }: { season: TSeasonSummary2 }) {
  const { beacon } = season;
  const frozen = season.status === 'frozen';
  const [showEntrants, setShowEntrants] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-2xl font-bold">{seasonLabel(season.month)}</h2>
        {frozen ? <Badge variant="warning">Frozen: the draw is waiting</Badge> : <Badge variant="success">Closed</Badge>}
      </div>
      <ChampionList month={season.month} champions={season.champions} frozen={frozen} />
      <p className="text-sm">
        Lottery: drawn from drand round {beacon.round} at {formatDateTime(beacon.at)}
        {frozen ? ' (waiting)' : null}
      </p>
      {frozen ? (
        <p className="text-sm text-muted">
          The standings and the {season.entrantCount} lottery entrants were frozen at {formatDateTime(season.frozenAt)}, before anyone could know that
          round&apos;s randomness. The month closes by itself once the round is out.
        </p>
      ) : (
        <LotteryWinnerList month={season.month} winners={season.lottery?.winners ?? []} entrantCount={season.entrantCount} />
      )}
      <Facts>
        <Fact term="Terms hash" mono>
          {season.termsHash}
        </Fact>
        <Fact term="Frozen">{formatDateTime(season.frozenAt)}</Fact>
        <Fact term="Entrant list hash" mono>
          {season.listHash}
        </Fact>
        <Fact term="Beacon chain" mono>
          {beacon.chain === QUICKNET.hash ? `drand quicknet (${beacon.chain})` : beacon.chain}
        </Fact>
        {beacon.signature ? (
          <Fact term={`Round ${beacon.round} signature`} mono>
            {beacon.signature}
          </Fact>
        ) : null}
        {beacon.randomness ? (
          <Fact term="Randomness" mono>
            {beacon.randomness}
          </Fact>
        ) : null}
        {season.closedAt ? <Fact term="Closed">{formatDateTime(season.closedAt)}</Fact> : null}
      </Facts>
      {frozen ? (
        <section aria-label={`${seasonLabel(season.month)} lottery entrants`} className="flex flex-col gap-2">
          <h3 className="font-semibold">Lottery entrants</h3>
          <EntrantList month={season.month} />
        </section>
      ) : (
        <details className="text-sm" onToggle={(e) => setShowEntrants(e.currentTarget.open)}>
          <summary className="cursor-pointer font-semibold">Everyone in the draw ({season.entrantCount})</summary>
          <div className="mt-2">{showEntrants ? <EntrantList month={season.month} /> : null}</div>
        </details>
      )}
      <p className="text-sm">
        <a href={`/transparency#${season.month}`} className="font-semibold text-gold underline underline-offset-2">
          {seasonLabel(season.month)} in the programme log
        </a>
      </p>
      <VerifyDrawPanel month={season.month} />
    </>
  );
}
