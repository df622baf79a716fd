/**
 * Protocol 1 (DECISIONS §5; rows made before protocol 2 shipped): a secret and its commitment
 * published when the month began, a close by a super admin with a typed beacon, the secret public
 * from the close on. Kept so those months stay readable and verifiable. The same function names as
 * protocol-2.ts; protocols.ts picks one by the row's protocol, once.
 */
import { drawWinners } from '../../../shared/draw-protocol-1.ts';
import { MAX_BEACON_LENGTH } from '../../../shared/limits.ts';
import { formatCents, toCents } from '../../../shared/money.ts';
import { type SeasonStatus, type TSeasonAdminItem } from '../../../shared/schemas/season-admin.ts';
import { SEASON_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { TCurrentSeason, TSeasonSummary } from '../../../shared/schemas/seasons.ts';
import { seasonBounds, seasonLabel } from '../../../shared/seasons.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { seasons, type SeasonWinner } from '../../db/schema.ts';
import { badRequest, conflict, notFound, valueError } from '../../errors.ts';
import { withTransaction } from '../../mutation.ts';
import { eq } from 'drizzle-orm';
import { getSettings } from '../settings/index.ts';
import { postClosed } from '../telegram/index.ts';
import { hasEnded, insertEntrants, payPrizes, planSeason, type DrawPreview, type Prizes } from './plan.ts';
import { lockedSeasonRow, parseSeason, type Season1 } from './season.ts';

export const BEACON_RULE =
  "The hash of the first BNB Smart Chain block whose timestamp is at least one hour after the month's end, written bsc:<block number>:<block hash>.";

/** Where the month stands: running, ended (waiting for a super admin's close), closed. */
export function statusOf(season: Season1, now: Date): SeasonStatus {
  if (season.closed) return 'closed';
  return hasEnded(season.month, now) ? 'ended' : 'running';
}

/** In the public archive once closed (DECISIONS §5; the secret is public from the close on). */
export function publicSeason(season: Season1): TSeasonSummary {
  const { closed } = season;
  if (!closed) throw notFound(SEASON_MESSAGES.notFound);
  return {
    month: season.month,
    protocol: 1,
    status: 'closed',
    closedAt: closed.at.toISOString(),
    champions: closed.champions,
    lottery: {
      winners: closed.winners,
      commitment: season.commitment,
      secret: season.secret,
      beacon: closed.beacon,
      listHash: closed.listHash,
      entrantCount: closed.entrantCount,
    },
  };
}

/** The prizes of a protocol 1 month: the settings as they stand (it has no terms). */
export async function prizesOf(ctx: AppContext): Promise<Prizes> {
  return getSettings(ctx);
}

/** The running month: its commitment, and the prize pool as the settings stand. */
export async function currentSeason(ctx: AppContext, season: Season1): Promise<TCurrentSeason> {
  const settings = await prizesOf(ctx);
  return {
    month: season.month,
    protocol: 1,
    commitment: season.commitment,
    prizesUsdt: settings.prizesUsdt,
    lotteryWinners: settings.lotteryWinners,
    lotteryPrizeUsdt: settings.lotteryPrizeUsdt,
    endsAt: seasonBounds(season.month).end.toISOString(),
  };
}

/** What the preview says of the draw: the commitment, the rule a super admin follows for the beacon, from an hour after the end. */
export function previewOf(season: Season1): DrawPreview {
  return {
    commitment: season.commitment,
    beaconRule: BEACON_RULE,
    earliestBeaconAt: new Date(seasonBounds(season.month).end.getTime() + 3_600_000).toISOString(),
    beaconRound: null,
  };
}

/** The super admin's list: its commitment, no terms, no freeze. */
export function adminItem(season: Season1, now: Date): TSeasonAdminItem {
  const { closed } = season;
  return {
    month: season.month,
    label: seasonLabel(season.month),
    protocol: 1,
    status: statusOf(season, now),
    commitment: season.commitment,
    termsHash: null,
    termsFixedAt: null,
    frozenAt: null,
    beaconRound: null,
    beaconAt: null,
    waitingReason: null,
    closedAt: closed?.at.toISOString() ?? null,
    entrantCount: closed?.entrantCount ?? null,
    prizeWinners: closed ? closed.champions.filter((c) => !c.withheld).length : null,
    lotteryWinners: closed ? closed.winners.filter((w) => !w.withheld).length : null,
    withheldCount: closed ? [...closed.champions, ...closed.winners].filter((w) => w.withheld).length : 0,
  };
}

/**
 * Closes an ended protocol 1 month, exactly once, with the beacon a super admin typed. A failure
 * half-way rolls everything back.
 */
export async function closeSeason(ctx: AppContext, actor: SessionUser, season: Season1, beaconInput: string | undefined): Promise<TSeasonSummary> {
  const { month } = season;
  const beacon = (beaconInput ?? '').trim();
  if (!beacon) throw badRequest(SEASON_MESSAGES.beaconRequired, 'beacon');
  if (beacon.length > MAX_BEACON_LENGTH) throw badRequest(SEASON_MESSAGES.beaconTooLong, 'beacon');
  if (!hasEnded(month, ctx.clock.now())) throw conflict(SEASON_MESSAGES.notEnded);
  // Read before the transaction: inside it, every read goes through the transaction (the embedded
  // database has one connection, so a read beside it would wait for it forever).
  const settings = await getSettings(ctx);
  return withTransaction(ctx, actor, async (m) => {
    const row = await lockedSeasonRow(m.tx, month);
    if (!row) throw notFound(SEASON_MESSAGES.noSeason);
    if (row.closedAt) throw conflict(SEASON_MESSAGES.alreadyClosed);
    const locked = parseSeason(row, ctx.config.drand.chain);
    // Put back as protocol 2 by the job since it was read: it closes by itself.
    if (locked.protocol !== 1) throw valueError('CONFLICT', 'SEASON_CLOSES_ITSELF', { round: String(locked.beacon.round), at: locked.beacon.at.toISOString() });
    const plan = await planSeason(m.tx, month, settings);
    const drawn = await drawWinners({
      secret: locked.secret,
      beacon,
      entrantIds: plan.entrants.map((e) => e.ambassadorId),
      winners: settings.lotteryWinners,
    });
    const names = new Map(plan.entrants.map((e) => [e.ambassadorId, e.fullName]));
    const winners: SeasonWinner[] = drawn.map((ambassadorId, i) => ({
      position: i + 1,
      ambassadorId,
      fullName: names.get(ambassadorId) ?? '',
      prizeUsdt: settings.lotteryPrizeUsdt,
    }));
    await payPrizes(m, month, plan.champions, winners);
    await insertEntrants(m, month, plan.entrants);
    await m.tx
      .update(seasons)
      .set({
        closedAt: m.now,
        closedBy: actor.id,
        beacon,
        listHash: plan.listHash,
        entrantCount: plan.entrants.length,
        champions: plan.champions,
        lotteryWinners: winners,
      })
      .where(eq(seasons.month, month));
    await postClosed(m, { month, champions: plan.champions, winners });
    const total = [...plan.champions, ...winners].reduce((sum, w) => sum + toCents(w.prizeUsdt), 0n);
    await m.audit(
      'close_season',
      { type: 'season', id: month },
      `${seasonLabel(month)}: ${plan.champions.length} prizes and ${winners.length} lottery wins, ${formatCents(total)} USDT; beacon ${beacon}`,
    );
    const closed = { at: m.now, beacon, listHash: plan.listHash, entrantCount: plan.entrants.length, champions: plan.champions, winners };
    return publicSeason({ ...locked, closed });
  });
}
