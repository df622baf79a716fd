/**
 * What both protocols decide the same way: a month's standings from the ledger, who takes a prize and
 * who is entered in the draw, and the payment of prizes.
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { listHashOf } from '../../../shared/draw.ts';
import { LEDGER_DESCRIPTIONS } from '../../../shared/ledger-descriptions.ts';
import { formatCents, toCents } from '../../../shared/money.ts';
import { PRIZE_PLACES } from '../../../shared/schemas/settings.ts';
import { seasonBounds } from '../../../shared/seasons.ts';
import type { Db } from '../../db/client.ts';
import { ambassadors, seasonEntrants, transactions, type SeasonChampion, type SeasonWinner } from '../../db/schema.ts';
import { prizeWonNotification } from '../../email/notifications.ts';
import { prizeWonEmail } from '../../email/templates.ts';
import type { Mutation } from '../../mutation.ts';
import * as ledger from '../ledger/index.ts';
import { tellAmbassador } from '../notifications/index.ts';
import { appendLog } from '../public-log/index.ts';

export interface Standing {
  rank: number;
  ambassadorId: string;
  fullName: string;
  monthlyGcm: string;
}

/**
 * A month's standings from the ledger: the GCM rewards credited within the month, per active
 * ambassador with more than 0, ranked by that sum, ties by earlier createdAt (the leaderboard's rule).
 */
export async function standingsOf(db: Db, month: string): Promise<Standing[]> {
  const { start, end } = seasonBounds(month);
  const gcm = sql<string>`sum(${transactions.amount})`;
  const rows = await db
    .select({ ambassadorId: ambassadors.id, fullName: ambassadors.fullName, monthlyGcm: sql<string>`${gcm}::text` })
    .from(transactions)
    .innerJoin(ambassadors, eq(ambassadors.id, transactions.ambassadorId))
    .where(
      and(
        gte(transactions.createdAt, start),
        lt(transactions.createdAt, end),
        eq(transactions.type, 'reward'),
        eq(transactions.currency, 'GCM'),
        eq(ambassadors.status, 'active'),
      ),
    )
    .groupBy(ambassadors.id, ambassadors.fullName, ambassadors.createdAt)
    .having(sql`${gcm} > 0`)
    .orderBy(desc(gcm), asc(ambassadors.createdAt), asc(ambassadors.id));
  return rows.map((r, i) => ({ rank: i + 1, ambassadorId: r.ambassadorId, fullName: r.fullName, monthlyGcm: formatCents(toCents(r.monthlyGcm)) }));
}

/** A month's prizes: its terms' (protocol 2), or the settings' (protocol 1). */
export interface Prizes {
  prizesUsdt: string[];
  lotteryWinners: number;
  lotteryPrizeUsdt: string;
}

/** What the super admin's preview says of a month's draw, by its protocol. */
export interface DrawPreview {
  commitment: string | null;
  beaconRule: string;
  earliestBeaconAt: string;
  beaconRound: number | null;
}

export interface SeasonPlan {
  champions: SeasonChampion[];
  entrants: { ambassadorId: string; fullName: string }[];
  standings: Standing[];
  listHash: string;
}

/** Who gets what: the first five ranked take the prizes; every other ranked ambassador is entered once. */
export async function planSeason(db: Db, month: string, prizes: Prizes): Promise<SeasonPlan> {
  const standings = await standingsOf(db, month);
  const champions = standings.slice(0, PRIZE_PLACES).map((s, i) => ({ ...s, prizeUsdt: prizes.prizesUsdt[i] ?? '0.00' }));
  const entrants = standings
    .slice(PRIZE_PLACES)
    .map((s) => ({ ambassadorId: s.ambassadorId, fullName: s.fullName }))
    .sort((a, b) => (a.ambassadorId < b.ambassadorId ? -1 : a.ambassadorId > b.ambassadorId ? 1 : 0));
  return { champions, entrants, standings, listHash: await listHashOf(entrants.map((e) => e.ambassadorId)) };
}

/** The month's entrants written down (the freeze's under protocol 2, the close's under protocol 1). */
export async function insertEntrants(m: Mutation, month: string, entrants: SeasonPlan['entrants']): Promise<void> {
  // In chunks: a statement has at most 65,535 parameters.
  for (let i = 0; i < entrants.length; i += 5_000) {
    await m.tx.insert(seasonEntrants).values(entrants.slice(i, i + 5_000).map((e) => ({ month, ambassadorId: e.ambassadorId, fullName: e.fullName })));
  }
}

export function hasEnded(month: string, now: Date): boolean {
  return seasonBounds(month).end.getTime() <= now.getTime();
}

/**
 * Credits each champion's and lottery winner's prize (a USDT ledger entry of type prize or lottery)
 * and tells them; a withheld prize is logged publicly instead (protocol 2).
 */
export async function payPrizes(m: Mutation, month: string, champions: SeasonChampion[], winners: SeasonWinner[]): Promise<void> {
  const prizes = [
    ...champions.map((c) => ({ ...c, kind: 'prize' as const, description: LEDGER_DESCRIPTIONS.prize(c.rank, month) })),
    ...winners.map((w) => ({ ...w, kind: 'lottery' as const, rank: null, description: LEDGER_DESCRIPTIONS.lottery(month) })),
  ];
  const appUrl = m.ctx.config.appUrl;
  for (const { ambassadorId, kind, rank, prizeUsdt, withheld, description } of prizes) {
    if (withheld) {
      await appendLog(m, 'prize.withheld', { month, ambassadorId, kind, prizeUsdt, reason: withheld.reason });
      continue;
    }
    await ledger.post(m, { ambassadorId, type: kind, currency: 'USDT', amount: prizeUsdt, ...description, seasonMonth: month });
    await tellAmbassador(m, ambassadorId, (person) => ({
      notification: prizeWonNotification({ month, rank, amountUsdt: prizeUsdt }, person.locale),
      email: prizeWonEmail({ name: person.fullName, month, rank, amountUsdt: prizeUsdt, appUrl, locale: person.locale }),
    }));
  }
}
