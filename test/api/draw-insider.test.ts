/**
 * Protocol 2 against the database and the clock (DECISIONS §7, issue 48): the red team's attacks by
 * an insider with database access or control of the process clock, each run against the product on
 * PostgreSQL, and what the server does and what the verifiers (the shared checks the browser runs,
 * and `npm run verify-draw` / `verify-log`) say:
 * - the month's row locked over its end until drand's round R is public, then a suspension;
 * - the clock held back (as a preloaded module would) while the relays are past R;
 * - an entry dated before the log's head;
 * - a protocol 1 row inserted for the next month, a protocol 2 row flipped by an UPDATE;
 * - a second month summary.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasons } from '../../src/server/db/schema.ts';
import { appendLog, LogTimeBackwards } from '../../src/server/features/public-log/service.ts';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { withTransaction } from '../../src/server/mutation.ts';
import { commitmentOf, newSecret } from '../../src/shared/draw-protocol-1.ts';
import type { PublishedSeason2 } from '../../src/shared/draw-protocol-2.ts';
import { roundAt, roundTime } from '../../src/shared/drand.ts';
import type { LogEntry } from '../../src/shared/public-log.ts';
import { checkLog, verifySeason, type WholeLog } from '../../src/shared/verify-log.ts';
import { englishOf } from '../../src/shared/verify-texts.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { POSTGRES_URL } from '../helpers/database.ts';
import type { DrandRelay } from '../helpers/drand-relay.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import type { TestServer } from '../helpers/server.ts';
import { startDrawServer } from './draw-server.ts';
import { runVerifier } from '../helpers/product-process.ts';

async function wholeLog(server: TestServer): Promise<WholeLog> {
  const entries: LogEntry[] = [];
  for (;;) {
    const page = (await new ApiClient(server).get(`/api/public/log?after=${entries.at(-1)?.seq ?? 0}&limit=500`)).body;
    entries.push(...page.entries);
    if (page.entries.length < 500) return { entries, head: page.head };
  }
}

const ofMonth = (log: WholeLog, kind: string, month: string) => log.entries.filter((e) => e.kind === kind && (e.data as { month?: string }).month === month);

describe.skipIf(!POSTGRES_URL)('an insider against the draw (postgres)', () => {
  let server: TestServer;
  let relay: DrandRelay;
  let admin: ApiClient;
  const people: CreatedAmbassador[] = [];

  beforeAll(async () => {
    // October's terms are fixed ten minutes before it begins, as in production.
    ({ server, relay } = await startDrawServer({ kind: 'postgres', at: '2026-09-30T23:55:00Z', listen: true }));
    server.clock.set('2026-10-10T12:00:00Z');
    admin = await superAdminClient(server);
    for (let i = 0; i < 9; i++) people.push(await createAmbassador(server, { admin, fullName: `Insider ${i}` }));
    for (const [i, person] of people.entries()) await credit(server, person.ambassadorId, 'GCM', `${(20 - i) * 10}.00`);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });

  it('the row locked over the month’s end until round R is public, then a suspension: the freeze is late by the relays’ latest round and the beacon moves past it', async () => {
    server.clock.set('2026-10-31T23:50:00Z');
    await runSeasonsJob(server.ctx); // November's terms, before it begins
    const r = (await server.db.select().from(seasons).where(eq(seasons.month, '2026-10')))[0]?.terms?.beacon.round ?? 0;
    expect(r).toBe(roundAt(relay.chain, Date.parse('2026-11-01T01:00:00Z') / 1000));

    // The insider holds October's row over the month's end.
    const insider = new pg.Client({ connectionString: server.config.databaseUrl });
    await insider.connect();
    await insider.query('begin');
    await insider.query(`select * from seasons where month = '2026-10' for update`);
    server.clock.set('2026-11-01T00:00:20Z');
    const job = runSeasonsJob(server.ctx);
    // The freeze waits for the lock until round R is public...
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await server.db.select().from(seasons).where(eq(seasons.month, '2026-10')))[0]?.frozenAt).toBeNull();
    server.clock.set(new Date(roundTime(relay.chain, r) * 1000 + 5_000));
    // ...and the insider, knowing R's randomness, suspends an entrant, then lets go.
    const suspended = people[7] as CreatedAmbassador;
    expect((await (await superAdminClient(server)).patch(`/api/admin/ambassadors/${suspended.ambassadorId}`, { status: 'suspended' })).status).toBe(200);
    await insider.query('commit');
    await insider.end();
    expect((await job).frozen).toEqual(['2026-10']);

    const frozen = (await new ApiClient(server).get('/api/public/seasons/2026-10')).body as PublishedSeason2;
    // Dated after the lock, and late by the relays: the beacon is a round nobody knew when the list was read.
    expect(Date.parse(frozen.frozenAt)).toBeGreaterThan(roundTime(relay.chain, r) * 1000);
    expect(frozen.latestRound?.round).toBeGreaterThanOrEqual(r);
    expect(frozen.latestRound?.signature).toBe(await relay.sign(frozen.latestRound?.round ?? 0));
    expect(frozen.beacon.round).toBe(Math.max(roundAt(relay.chain, Date.parse(frozen.frozenAt) / 1000 + 60), (frozen.latestRound?.round ?? 0) + 1));
    const log = await wholeLog(server);
    const entry = ofMonth(log, 'season.frozen', '2026-10')[0];
    expect(entry?.data).toMatchObject({ latestRound: frozen.latestRound, beaconRound: frozen.beacon.round });
    expect(Date.parse(entry?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(frozen.frozenAt));
    expect((await checkLog(log)).ok).toBe(true);

    // Closed once its own round is out; every verifier says the freeze was late, never 'every step matches'.
    server.clock.set(new Date(roundTime(relay.chain, frozen.beacon.round) * 1000 + 1_000));
    expect((await runSeasonsJob(server.ctx)).closed).toEqual(['2026-10']);
    const closed = (await new ApiClient(server).get('/api/public/seasons/2026-10')).body as PublishedSeason2;
    const served = (await new ApiClient(server).get('/api/public/drand')).body;
    const result = await verifySeason(closed, { served, log: await wholeLog(server) });
    expect(result.steps.filter((s) => s.status === 'mismatch')).toEqual([]);
    const late = result.steps.filter((s) => s.status === 'late').map(englishOf);
    expect(late).toEqual([expect.stringMatching(/^Beacon round: drand's latest round was already the terms' round or later/)]);
    expect(result.steps.find((s) => englishOf(s).startsWith('Latest round at the freeze'))).toMatchObject({ status: 'match' });
    const cli = await runVerifier('verify-draw', ['2026-10', '--url', server.url, '--test-chain']);
    expect(cli.output, cli.output).toMatch(/LATE {6}Beacon round: drand's latest round/);
    expect(cli.output).toContain('The draw is verified, but not every step was in time');
    expect(cli.output).not.toContain('every step matches');
    expect(cli.code).toBe(0);
  });

  it('the clock held back while the relays are past R: the freeze is late by the latest round all the same', async () => {
    server.clock.set('2026-11-20T12:00:00Z');
    await credit(server, (people[0] as CreatedAmbassador).ambassadorId, 'GCM', '10.00');
    server.clock.set('2026-11-30T23:52:00Z');
    await runSeasonsJob(server.ctx);
    const r = (await server.db.select().from(seasons).where(eq(seasons.month, '2026-11')))[0]?.terms?.beacon.round ?? 0;
    // The process's clock says a minute after the end; drand (the relay) is two hours on.
    server.clock.set('2026-12-01T00:01:00Z');
    relay.setNow(Date.parse('2026-12-01T02:00:00Z'));
    try {
      expect((await runSeasonsJob(server.ctx)).frozen).toEqual(['2026-11']);
    } finally {
      relay.setNow(undefined);
    }
    const frozen = (await new ApiClient(server).get('/api/public/seasons/2026-11')).body as PublishedSeason2;
    // Its own clock dates it before R's time; the relays' latest round says otherwise.
    expect(Date.parse(frozen.frozenAt)).toBeLessThan(roundTime(relay.chain, r) * 1000);
    expect(frozen.latestRound?.round).toBeGreaterThan(r);
    expect(frozen.beacon.round).toBe((frozen.latestRound?.round ?? 0) + 1);
    const result = await verifySeason(frozen as PublishedSeason2 & { entrants: [] }, {
      served: (await new ApiClient(server).get('/api/public/drand')).body,
      log: await wholeLog(server),
    });
    expect(result.ok).toBe(true);
    expect(result.steps.filter((s) => s.status === 'late')).toHaveLength(1);
  });

  it('refuses an entry dated before the log’s head (the clock moved back), and the verifiers fail a decreasing time', async () => {
    const before = await wholeLog(server);
    const headAt = before.entries.at(-1)?.at ?? '';
    server.clock.set(new Date(Date.parse(headAt) - 60_000));
    await expect(
      withTransaction(server.ctx, null, (m) =>
        appendLog(m, 'payout.paid', { withdrawalId: crypto.randomUUID(), amountUsdt: '1.00', txHash: '0x00', paidAt: m.now.toISOString() }),
      ),
    ).rejects.toSatisfy(
      (error) => error instanceof LogTimeBackwards && error.status === 503 && error.reason === 'LOG_TIME_BACKWARDS' && (error.retryAfterSeconds ?? 0) >= 60,
    );
    expect((await wholeLog(server)).entries).toHaveLength(before.entries.length);
    // A backdated entry written through the database: the chain check fails at it.
    const last = before.entries.at(-1) as LogEntry;
    const { entryHash } = await import('../../src/shared/public-log.ts');
    const forged = {
      seq: last.seq + 1,
      at: new Date(Date.parse(headAt) - 3_600_000).toISOString(),
      kind: 'payout.paid',
      data: { x: '1' },
      prevHash: last.hash,
    };
    const hash = await entryHash(forged);
    await server.db.execute(
      sql`insert into public_log (seq, at, kind, data, prev_hash, hash) values (${forged.seq}, ${forged.at}, ${forged.kind}, ${JSON.stringify(forged.data)}::jsonb, ${forged.prevHash}, ${hash})`,
    );
    server.ctx.database.figures.bump(); // the log's head is cached until an append bumps it
    const verdict = await checkLog(await wholeLog(server));
    expect(verdict).toMatchObject({ ok: false, failure: { seq: forged.seq, reason: { id: 'chainBackwards' } } });
    expect(verdict.ok ? '' : englishOf(verdict.failure.reason)).toContain("the log's time never goes back");
    await server.db.execute(sql`alter table public_log disable trigger public_log_no_update_or_delete`);
    await server.db.execute(sql`delete from public_log where seq = ${forged.seq}`);
    await server.db.execute(sql`alter table public_log enable trigger public_log_no_update_or_delete`);
  });

  it('a protocol 1 row inserted for the next month and a protocol 2 row flipped by UPDATE: never used, the typed close refused', async () => {
    // Inserted before the server first sees January.
    const secret = newSecret();
    await server.db.insert(seasons).values({ month: '2027-01', protocol: 1, secret, commitment: await commitmentOf(secret), createdAt: server.clock.now() });
    server.clock.set('2026-12-31T23:55:00Z');
    await runSeasonsJob(server.ctx);
    const january = (await server.db.select().from(seasons).where(eq(seasons.month, '2027-01')))[0];
    expect(january).toMatchObject({ protocol: 2, secret: null, commitment: null });
    const log = await wholeLog(server);
    expect(ofMonth(log, 'season.terms', '2027-01').map((e) => (e.data as { termsHash: string }).termsHash)).toEqual([january?.termsHash]);

    // December, protocol 2, flipped by one UPDATE after its end: the typed-beacon close is refused, and the row is put back.
    server.clock.set('2027-01-01T00:00:10Z');
    const december = (await server.db.select().from(seasons).where(eq(seasons.month, '2026-12')))[0];
    await server.db
      .update(seasons)
      .set({ protocol: 1, secret, commitment: await commitmentOf(secret) })
      .where(eq(seasons.month, '2026-12'));
    const typed = await (await superAdminClient(server)).post('/api/super-admin/seasons/2026-12/close', { beacon: 'bsc:1:0xabc' });
    expect(typed.status).toBe(409);
    expect(typed.body.code).toBe('SEASON_IS_PROTOCOL_2');
    expect(typed.body.values).toMatchObject({ month: '2026-12' });
    expect((await server.db.select().from(seasons).where(eq(seasons.month, '2026-12')))[0]?.closedAt).toBeNull();
    const run = await runSeasonsJob(server.ctx);
    expect(run.frozen).toEqual(['2026-12']);
    const restored = (await server.db.select().from(seasons).where(eq(seasons.month, '2026-12')))[0];
    expect(restored).toMatchObject({ protocol: 2, termsHash: december?.termsHash, secret: null });
    expect(ofMonth(await wholeLog(server), 'season.terms', '2026-12')).toHaveLength(1);
  });

  it('does not freeze without a verified latest round: the month waits and says why, then freezes once a relay answers', async () => {
    server.clock.set('2027-02-01T00:00:30Z');
    relay.setMode('wrong-signature');
    try {
      const run = await runSeasonsJob(server.ctx);
      expect(run.frozen).toEqual([]);
      const january = (await server.db.select().from(seasons).where(eq(seasons.month, '2027-01')))[0];
      expect(january?.frozenAt).toBeNull();
      expect(january?.beaconError).toContain('The freeze waits for a verified latest drand round');
      expect(january?.beaconError).toContain('does not verify');
    } finally {
      relay.setMode('ok');
    }
    expect((await runSeasonsJob(server.ctx)).frozen).toEqual(['2027-01']);
    expect((await server.db.select().from(seasons).where(eq(seasons.month, '2027-01')))[0]).toMatchObject({ beaconError: null });
  });

  it('writes one month summary a month; a second one written through the database fails the log check', async () => {
    const log = await wholeLog(server);
    const summary = ofMonth(log, 'month.summary', '2026-12')[0] as LogEntry;
    server.clock.set('2027-02-01T00:05:00Z');
    await expect(withTransaction(server.ctx, null, (m) => appendLog(m, 'month.summary', summary.data as Record<string, unknown>))).rejects.toMatchObject({
      status: 409,
      reason: 'MONTH_SUMMARY_EXISTS',
      values: { month: '2026-12', seq: String(summary.seq) },
    });
    const last = log.entries.at(-1) as LogEntry;
    const { entryHash } = await import('../../src/shared/public-log.ts');
    const second = { seq: last.seq + 1, at: '2027-02-01T00:05:00.000Z', kind: 'month.summary', data: summary.data, prevHash: last.hash };
    await server.db.execute(
      sql`insert into public_log (seq, at, kind, data, prev_hash, hash) values (${second.seq}, ${second.at}, ${second.kind}, ${JSON.stringify(second.data)}::jsonb, ${second.prevHash}, ${await entryHash(second)})`,
    );
    server.ctx.database.figures.bump(); // the log's head is cached until an append bumps it
    const verdict = await checkLog(await wholeLog(server));
    expect(verdict, JSON.stringify(verdict)).toMatchObject({ ok: false, failure: { seq: second.seq } });
    expect(verdict.ok ? '' : englishOf(verdict.failure.reason)).toBe(`a second summary for 2026-12 (the first is entry ${summary.seq})`);
  });
});
