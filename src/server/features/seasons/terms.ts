/**
 * Protocol 2's step 1, the only place a month's row is made (DECISIONS §5): its terms fixed, hashed
 * and logged (season.terms), by the seasons job (the running month, and the next one shortly before
 * it begins) and by the start of the app (fixMonthTerms, before it serves). A read never makes a
 * month (issue 42 §3): a GET answers what the job and the start fixed.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { seasonTermsOf, termsHashOf } from '../../../shared/draw-protocol-2.ts';
import { seasonBounds, seasonOf } from '../../../shared/seasons.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { publicLog, seasons } from '../../db/schema.ts';
import { withTransaction } from '../../mutation.ts';
import { appendLog } from '../public-log/index.ts';
import { settingsIn } from '../settings/index.ts';
import { lockedSeasonRow, seasonRow, type SeasonRow } from './season.ts';

/** The next month's terms are fixed this long before it begins, so the log holds them before the month starts. */
export const TERMS_AHEAD_MS = 10 * 60_000;

export function nextMonthOf(month: string): string {
  return seasonOf(seasonBounds(month).end);
}

/**
 * The season's row, made now if this is the first time the month is seen: under protocol 2, with its
 * terms (from the prize settings as they stand), hashed and logged in the same transaction. Of two
 * instances at once, the first insert wins and only it logs.
 */
export async function ensureSeason(ctx: AppContext, month: string): Promise<SeasonRow> {
  const existing = await seasonRow(ctx.db, month);
  if (existing && (existing.protocol === 2 || !(await isAfterCutOver(ctx.db, month)))) return existing;
  if (existing) return (await restoreProtocol2(ctx, month)) ?? existing;
  return withTransaction(ctx, null, async (m) => {
    const terms = seasonTermsOf(month, await settingsIn(m.tx), ctx.config.drand.chain);
    const termsHash = await termsHashOf(terms);
    const inserted = await m.tx
      .insert(seasons)
      .values({ month, protocol: 2, terms, termsHash, createdAt: m.now })
      .onConflictDoNothing({ target: seasons.month })
      .returning();
    const made = inserted[0];
    if (made) {
      await appendLog(m, 'season.terms', { month, terms, termsHash });
      return made;
    }
    const row = await seasonRow(m.tx, month);
    if (!row) throw new Error(`season ${month} could not be made`);
    return row;
  });
}

/**
 * The terms the clock calls for: the running month's, and the next month's once it begins within
 * TERMS_AHEAD_MS. Run by the seasons job each round, and awaited at the start of the app before it
 * serves, so a month exists when its first page is read.
 */
export async function fixMonthTerms(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const current = seasonOf(now);
  await ensureSeason(ctx, current);
  const next = nextMonthOf(current);
  if (seasonBounds(next).start.getTime() - now.getTime() <= TERMS_AHEAD_MS) await ensureSeason(ctx, next);
}

/**
 * The cut-over (DECISIONS §7): the month of the first `season.terms` entry in the public log. From it
 * on every month is protocol 2, whatever its row says: a row of another protocol is never used.
 */
export async function cutOverMonth(db: Db): Promise<string | undefined> {
  const [first] = await db
    .select({ month: sql<string>`${publicLog.data}->>'month'` })
    .from(publicLog)
    .where(eq(publicLog.kind, 'season.terms'))
    .orderBy(asc(publicLog.seq))
    .limit(1);
  return first?.month ?? undefined;
}

export async function isAfterCutOver(db: Db, month: string): Promise<boolean> {
  const cut = await cutOverMonth(db);
  return cut !== undefined && month >= cut;
}

/**
 * A row of another protocol for a month from the cut-over on (put there through the database, or
 * flipped by an UPDATE) is put back as protocol 2: with the terms the log holds for the month, or,
 * when the log has none, with terms fixed now and logged. A closed row is left as it is (the
 * verifiers fail on it). Answers the row as it now stands, or undefined when it was left.
 */
export async function restoreProtocol2(ctx: AppContext, month: string): Promise<SeasonRow | undefined> {
  const restored = await withTransaction(ctx, null, async (m) => {
    const row = await lockedSeasonRow(m.tx, month);
    if (!row || row.protocol === 2) return row;
    if (row.closedAt) return undefined;
    const [logged] = await m.tx
      .select({ at: publicLog.at, data: publicLog.data })
      .from(publicLog)
      .where(and(eq(publicLog.kind, 'season.terms'), sql`${publicLog.data}->>'month' = ${month}`))
      .orderBy(asc(publicLog.seq))
      .limit(1);
    const fromLog = logged?.data as { terms?: SeasonRow['terms']; termsHash?: string } | undefined;
    let values: Partial<SeasonRow>;
    if (fromLog?.terms && fromLog.termsHash) {
      values = { terms: fromLog.terms, termsHash: fromLog.termsHash, createdAt: new Date(logged?.at ?? m.now) };
    } else {
      const terms = seasonTermsOf(month, await settingsIn(m.tx), ctx.config.drand.chain);
      values = { terms, termsHash: await termsHashOf(terms), createdAt: m.now };
      await appendLog(m, 'season.terms', { month, terms, termsHash: values.termsHash });
    }
    const [updated] = await m.tx
      .update(seasons)
      .set({ ...values, protocol: 2, secret: null, commitment: null, beacon: null })
      .where(eq(seasons.month, month))
      .returning();
    return updated;
  });
  ctx.log.warn({ month }, `seasons: ${month}'s row was not protocol 2 after the cut-over; ${restored ? 'put back as protocol 2' : 'left (closed)'}`);
  return restored;
}
