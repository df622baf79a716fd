/**
 * The month's freeze and close at a size (DECISIONS §5, protocol 2), timed in-process on the seeded
 * database with the product's own services and a stand-in drand relay on loopback (nothing reaches
 * the internet): last month gets its terms, is frozen (standings, entrants, everyone told) and
 * closed (the beacon fetched and verified, the draw, prizes credited). Then the public log is given
 * LOG_ENTRIES chained entries, so the product's GET /api/public/log is loaded at that length.
 */
import { createHash } from 'node:crypto';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { canonicalJson } from '../src/shared/canonical-json.ts';
import { seasonBounds, seasonOf } from '../src/shared/seasons.ts';
import { systemClock } from '../src/server/clock.ts';
import { loadConfig } from '../src/server/config.ts';
import { appContext } from '../src/server/context.ts';
import type { Database } from '../src/server/db/client.ts';
import { emailOutbox, notifications, publicLog } from '../src/server/db/schema.ts';
import { freezeSeason } from '../src/server/features/seasons/protocol-2.ts';
import { ensureSeason, runSeasonsJob } from '../src/server/features/seasons/service.ts';
import { startDrandRelay } from '../test/helpers/drand-relay.ts';
import { round } from './lib.ts';

export interface SeasonFigures {
  month: string;
  entrants: number;
  freezeMs: number;
  closeMs: number;
  closed: boolean;
  logEntries: number;
  logSeedMs: number;
}

/** How long the public log is made for the load of GET /api/public/log. */
export const LOG_ENTRIES = 100_000;

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Appends `count` payout.paid entries to the log, chained from its head, in multi-row statements. */
async function seedLog(database: Database, count: number): Promise<number> {
  const started = performance.now();
  const head = (await database.db.execute(sql`select seq, hash from public_log order by seq desc limit 1`)) as unknown as {
    rows: { seq: string; hash: string }[];
  };
  let seq = Number(head.rows[0]?.seq ?? 0);
  let prevHash = head.rows[0]?.hash ?? '0'.repeat(64);
  const at = new Date().toISOString();
  for (let done = 0; done < count; done += 1_000) {
    const rows = [];
    for (let i = 0; i < Math.min(1_000, count - done); i++) {
      seq += 1;
      const data = {
        withdrawalId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
        amountUsdt: '75.00',
        txHash: `0x${sha256Hex(String(seq))}`,
        paidAt: at,
      };
      const hash = sha256Hex(canonicalJson({ seq, at, kind: 'payout.paid', data, prevHash }));
      rows.push({ seq, at, kind: 'payout.paid', data, prevHash, hash });
      prevHash = hash;
    }
    await database.db.insert(publicLog).values(rows);
  }
  return round(performance.now() - started, 0);
}

export async function measureSeason(database: Database, log: (line: string) => void): Promise<SeasonFigures> {
  const relay = await startDrandRelay();
  try {
    const config = loadConfig({
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
      DATA_DIR: '/tmp/ambassador-bench-unused',
      DRAND_TEST_CHAIN: JSON.stringify(relay.chain),
      DRAND_URLS: relay.url,
    });
    const outbox = { kick: () => undefined, drain: async () => 0, start: () => undefined, stop: async () => undefined };
    const now = new Date();
    const month = seasonOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)));
    // Frozen as the job would, half a minute after the month's end; closed now, its round long out.
    let at: Date | undefined = new Date(seasonBounds(month).end.getTime() + 30_000);
    const clock = { now: () => (at ? new Date(at.getTime()) : systemClock.now()), real: () => systemClock.real() };
    const ctx = appContext({ config, database, clock, outbox, log: pino({ level: 'silent' }) });
    await ensureSeason(ctx, month);
    let started = performance.now();
    await freezeSeason(ctx, month);
    const freezeMs = round(performance.now() - started, 1);
    const entrants = Number(
      ((await database.db.execute(sql`select count(*)::int as n from season_entrants where month = ${month}`)) as unknown as { rows: { n: number }[] }).rows[0]
        ?.n ?? 0,
    );
    at = undefined;
    started = performance.now();
    const run = await runSeasonsJob(ctx);
    const closeMs = round(performance.now() - started, 1);
    // The bench's server must not spend its load runs sending a month's worth of draw emails.
    await database.db.delete(emailOutbox);
    await database.db.delete(notifications);
    log(`  season ${month}: frozen with ${entrants} entrants in ${freezeMs} ms, closed in ${closeMs} ms (${run.closed.join(',') || 'not closed'})`);
    const logSeedMs = await seedLog(database, LOG_ENTRIES);
    log(`  public log: ${LOG_ENTRIES} entries added in ${logSeedMs} ms`);
    return { month, entrants, freezeMs, closeMs, closed: run.closed.includes(month), logEntries: LOG_ENTRIES, logSeedMs };
  } finally {
    await relay.close();
  }
}
