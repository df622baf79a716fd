/**
 * A draw nobody can bend, and the public programme log (DECISIONS §5, Protocol 2): a whole month
 * through the API on the test clock, with a stand-in drand relay of our own (nothing reaches the
 * internet). The terms fixed and logged when the month is first seen, a prize change mid-month
 * that applies from the next, the freeze by itself at the month's end (told to every entrant), a
 * suspension after it (the prize withheld, nobody moves up), a relay down (the month waits and says
 * why), the close by itself once the round verifies, the ledger, the log chain; two instances' jobs
 * at once (one freeze, one close); and the operator's levers, each caught: a typed beacon, a list
 * changed after the freeze, a rewritten log entry, a re-chained rewrite.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { seasonEntrants, seasons, transactions } from '../../src/server/db/schema.ts';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { listHashOf } from '../../src/shared/draw.ts';
import { drawWinners as drawWinners2, termsHashOf, type PublishedSeason2 } from '../../src/shared/draw-protocol-2.ts';
import { verifyPublishedSeason } from '../../src/shared/draw-protocols.ts';
import { QUICKNET, roundAt, roundTime } from '../../src/shared/drand.ts';
import { EMPTY_HEAD, entryHash, extendsHead, verifyChain, type LogEntry } from '../../src/shared/public-log.ts';
import { englishOf } from '../../src/shared/verify-texts.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { createTestChain, type DrandRelay } from '../helpers/drand-relay.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startDrawServer } from './draw-server.ts';

async function wholeLog(server: TestServer): Promise<LogEntry[]> {
  const entries: LogEntry[] = [];
  for (;;) {
    const page = await new ApiClient(server).get(`/api/public/log?after=${entries.at(-1)?.seq ?? 0}&limit=500`);
    expect(page.status).toBe(200);
    entries.push(...page.body.entries);
    if (page.body.entries.length < 500) return entries;
  }
}

const kinds = (log: LogEntry[], month: string) => log.filter((e) => (e.data as { month?: string }).month === month).map((e) => e.kind);

describe.each(DATABASE_KINDS)('a month under protocol 2 (%s)', (kind) => {
  let server: TestServer;
  let relay: DrandRelay;
  let admin: ApiClient;
  const people: CreatedAmbassador[] = [];
  const anonymous = () => new ApiClient(server);

  beforeAll(async () => {
    ({ server, relay } = await startDrawServer({ kind, at: '2026-09-20T12:00:00Z' }));
    admin = await superAdminClient(server);
    for (let i = 0; i < 10; i++) people.push(await createAmbassador(server, { admin, fullName: `Striker ${i}` }));
    // September: two earn (the month the two instances race on).
    await credit(server, people[0]?.ambassadorId ?? '', 'GCM', '50.00');
    await credit(server, people[1]?.ambassadorId ?? '', 'GCM', '40.00');
    server.clock.set('2026-10-05T12:00:00Z');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });
  // The clock moves by weeks here: a fresh super admin session for each test.
  beforeEach(async () => {
    admin = await superAdminClient(server);
  });

  it('freezes and closes an ended month once when two instances run the job at once (the freeze late: the beacon moves to after it)', async () => {
    // September ended days ago (the server was "down"): frozen now, so its beacon is the first round a minute after the freeze.
    const [a, b] = await Promise.all([runSeasonsJob(server.ctx), runSeasonsJob(server.ctx)]);
    expect([...a.frozen, ...b.frozen]).toEqual(['2026-09']);
    const frozen = (await anonymous().get('/api/public/seasons/2026-09')).body;
    expect(frozen).toMatchObject({ protocol: 2, status: 'frozen', entrantCount: 0 });
    expect(frozen.beacon.round).toBe(roundAt(relay.chain, Date.parse(frozen.frozenAt) / 1000 + 60));
    expect(frozen.beacon.round).toBeGreaterThan(frozen.terms.beacon.round);
    server.clock.advance(2 * 60_000);
    const [c, d] = await Promise.all([runSeasonsJob(server.ctx), runSeasonsJob(server.ctx)]);
    expect([...c.closed, ...d.closed]).toEqual(['2026-09']);
    const prizes = await server.db.select().from(transactions).where(eq(transactions.seasonMonth, '2026-09'));
    expect(prizes.map((t) => t.amount).sort()).toEqual(['200.00', '300.00']);
    expect(kinds(await wholeLog(server), '2026-09')).toEqual(['season.terms', 'season.frozen', 'month.summary', 'season.closed']);
  });

  it('fixes the running month’s terms once, logs them, and applies a prize change from the next month', async () => {
    const current = (await anonymous().get('/api/public/seasons/current')).body;
    expect(current).toMatchObject({
      month: '2026-10',
      protocol: 2,
      commitment: null,
      lotteryWinners: 10,
      prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
    });
    expect(current.terms).toEqual({
      version: 2,
      month: '2026-10',
      prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
      lotteryWinners: 10,
      lotteryPrizeUsdt: '20.00',
      beacon: { chain: relay.chain.hash, round: roundAt(relay.chain, Date.parse('2026-11-01T01:00:00Z') / 1000) },
    });
    expect(current.termsHash).toBe(await termsHashOf(current.terms));
    // Changed mid-October: October keeps its terms.
    expect((await admin.patch('/api/super-admin/settings', { lotteryWinners: 2 })).status).toBe(200);
    expect((await anonymous().get('/api/public/seasons/current')).body.termsHash).toBe(current.termsHash);
    const log = await wholeLog(server);
    const terms = log.find((e) => e.kind === 'season.terms' && (e.data as { month: string }).month === '2026-10');
    expect(terms?.data).toEqual({ month: '2026-10', terms: current.terms, termsHash: current.termsHash });
  });

  it('writes nothing when a freeze fails half-way, and freezes on the next run', async () => {
    // A failure late in the freeze (writing the month's summary): everything before it must go too.
    await server.db.execute(
      sql`create function refuse_summary() returns trigger language plpgsql as $$ begin if new.kind = 'month.summary' then raise exception 'the summary cannot be written'; end if; return new; end $$`,
    );
    await server.db.execute(sql`create trigger refuse_summary before insert on public_log for each row execute function refuse_summary()`);
    const logBefore = (await wholeLog(server)).length;
    server.clock.set('2026-11-01T00:00:20Z');
    expect(await runSeasonsJob(server.ctx)).toMatchObject({ frozen: [], failed: ['2026-10'] });
    const october = (await server.db.select().from(seasons).where(eq(seasons.month, '2026-10')))[0];
    expect(october).toMatchObject({ frozenAt: null, listHash: null, champions: null, beaconRound: null });
    expect(await server.db.select().from(seasonEntrants).where(eq(seasonEntrants.month, '2026-10'))).toEqual([]);
    // The next month's terms (fixed before the freeze in the same run) stand; nothing of the freeze does.
    expect(kinds(await wholeLog(server), '2026-10')).toEqual(['season.terms']);
    expect((await wholeLog(server)).length).toBeLessThanOrEqual(logBefore + 1);
    await server.db.execute(sql`drop trigger refuse_summary on public_log`);
    await server.db.execute(sql`drop function refuse_summary()`);
    server.clock.set('2026-10-20T12:00:00Z');
  });

  it('runs October from terms to paid prizes by itself: freeze, a suspension after it, a relay down, the verified beacon, the close', async () => {
    // October: eight earn.
    const october = ['500.00', '400.00', '300.00', '250.00', '200.00', '150.00', '120.00', '110.00'];
    for (const [i, gcm] of october.entries()) await credit(server, people[i]?.ambassadorId ?? '', 'GCM', gcm);
    const entrantIds = [5, 6, 7].map((i) => people[i]?.ambassadorId ?? '').sort();

    // Before the end: nothing to freeze; a close is refused either way.
    expect((await runSeasonsJob(server.ctx)).frozen).toEqual([]);
    const typed = await admin.post('/api/super-admin/seasons/2026-10/close', { beacon: 'quicknet:1:abc' });
    expect(typed.status).toBe(400);
    expect(typed.body.errors?.[0]?.path).toBe('beacon');

    // One entrant reads Portuguese (issue 40: the email greeted 'embaixador', not the person).
    const brazilian = people[5] as CreatedAmbassador;
    await server.db.execute(sql`update users set locale = 'pt-BR' where email = ${brazilian.email}`);
    // The month ends: frozen within a minute, by itself, once.
    server.clock.set('2026-11-01T00:00:30Z');
    await server.flushEmail();
    const mailBefore = server.mail.messages.length;
    expect((await runSeasonsJob(server.ctx)).frozen).toEqual(['2026-10']);
    expect((await runSeasonsJob(server.ctx)).frozen).toEqual([]);
    const frozen = (await anonymous().get('/api/public/seasons/2026-10')).body;
    expect(frozen).toMatchObject({ month: '2026-10', protocol: 2, status: 'frozen', entrantCount: 3, listHash: await listHashOf(entrantIds) });
    expect(frozen.champions.map((c: { fullName: string; prizeUsdt: string }) => [c.fullName, c.prizeUsdt])).toEqual([
      ['Striker 0', '300.00'],
      ['Striker 1', '200.00'],
      ['Striker 2', '100.00'],
      ['Striker 3', '50.00'],
      ['Striker 4', '50.00'],
    ]);
    expect(frozen.entrants.map((e: { ambassadorId: string }) => e.ambassadorId)).toEqual(entrantIds);
    expect(frozen.entrants.map((e: { fullName: string }) => e.fullName).sort()).toEqual(['Striker 5', 'Striker 6', 'Striker 7']);
    expect(frozen.beacon).toEqual({
      chain: relay.chain.hash,
      round: frozen.terms.beacon.round,
      at: new Date(roundTime(relay.chain, frozen.terms.beacon.round) * 1000).toISOString(),
    });
    expect(frozen).not.toHaveProperty('lottery');
    expect((await anonymous().get('/api/public/seasons')).body.map((s: { month: string; status: string }) => [s.month, s.status])).toEqual([
      ['2026-10', 'frozen'],
      ['2026-09', 'closed'],
    ]);
    // Every champion and entrant is told the list hash and the round before the round exists.
    await server.flushEmail();
    for (const [i, person] of people.slice(0, 8).entries()) {
      const message = await server.mail.waitFor(person.email, { after: mailBefore });
      if (person === brazilian) {
        expect(message.subject).toBe('Você está no sorteio de outubro de 2026');
        expect(message.text.split('\n')[0]).toBe(`Olá, Striker ${i},`);
      } else {
        expect(message.subject).toBe(i < 5 ? `You finished ${['1st', '2nd', '3rd', '4th', '5th'][i]} in October 2026` : "You are in October 2026's draw");
        expect(message.text.split('\n')[0]).toBe(`Hello Striker ${i},`);
      }
      expect(message.html).toContain(`Striker ${i},</p>`);
      expect(message.text).toContain(frozen.listHash);
      expect(message.text).toContain(person === brazilian ? `rodada ${frozen.beacon.round} do drand` : `drand round ${frozen.beacon.round}`);
    }
    expect(server.mail.messages.slice(mailBefore).some((m) => m.to.includes(people[8]?.email ?? ''))).toBe(false);
    const entrant = people[6] as CreatedAmbassador;
    const notifications = (await (await new ApiClient(server).login(entrant.email, entrant.password)).get('/api/notifications')).body;
    expect(notifications?.[0]).toMatchObject({ title: "You are in October 2026's draw" });
    // November's terms take the change made in October.
    expect((await anonymous().get('/api/public/seasons/current')).body.terms).toMatchObject({ month: '2026-11', lotteryWinners: 2 });

    // After the freeze: an award in November and a suspension change nothing but the suspended champion's prize.
    await credit(server, people[9]?.ambassadorId ?? '', 'GCM', '9000.00');
    admin = await superAdminClient(server);
    expect((await admin.patch(`/api/admin/ambassadors/${people[1]?.ambassadorId}`, { status: 'suspended' })).status).toBe(200);
    const close = await admin.post('/api/super-admin/seasons/2026-10/close', {});
    expect(close.status).toBe(409);
    expect(close.body.message).toBe(`This month closes by itself once drand round ${frozen.beacon.round} is published (${frozen.beacon.at})`);

    // The round is due, but the relay is down: the month waits and says why.
    server.clock.set(new Date(Date.parse(frozen.beacon.at) + 5_000));
    relay.setMode('error');
    expect((await runSeasonsJob(server.ctx)).waiting).toEqual(['2026-10']);
    const waiting = (await admin.get('/api/super-admin/seasons')).body.find((s: { month: string }) => s.month === '2026-10');
    expect(waiting).toMatchObject({ status: 'waiting', beaconRound: frozen.beacon.round });
    expect(waiting.waitingReason).toContain(`drand round ${frozen.beacon.round} could not be fetched yet`);
    // A relay that lies is no better: its signature does not verify.
    relay.setMode('wrong-signature');
    await runSeasonsJob(server.ctx);
    expect((await admin.get('/api/super-admin/seasons')).body.find((s: { month: string }) => s.month === '2026-10').waitingReason).toContain('does not verify');
    expect((await anonymous().get('/api/public/seasons/2026-10')).body.status).toBe('frozen');

    // Back: the close comes by itself, once.
    relay.setMode('ok');
    expect((await runSeasonsJob(server.ctx)).closed).toEqual(['2026-10']);
    expect((await runSeasonsJob(server.ctx)).closed).toEqual([]);
    const closed = (await anonymous().get('/api/public/seasons/2026-10')).body as PublishedSeason2 & { lottery: { winners: { ambassadorId: string }[] } };
    expect(closed).toMatchObject({ status: 'closed', beacon: { signature: relay.sign(frozen.beacon.round) } });
    const verified = await verifyPublishedSeason(closed, relay.chain);
    expect(verified.checks.filter((c) => c.status === 'mismatch')).toEqual([]);
    expect(verified.ok).toBe(true);
    const drawn = await drawWinners2({ termsHash: frozen.termsHash, randomness: closed.beacon.randomness ?? '', entrantIds, winners: 10 });
    expect(closed.lottery.winners.map((w) => w.ambassadorId)).toEqual(drawn);
    expect(drawn).toHaveLength(3);

    // The suspended champion's prize is withheld in public; nobody moved up.
    const champions = closed.champions as { fullName: string; withheld?: { reason: string } }[];
    expect(champions.map((c) => [c.fullName, c.withheld?.reason ?? null])).toEqual([
      ['Striker 0', null],
      ['Striker 1', 'Suspended after the freeze'],
      ['Striker 2', null],
      ['Striker 3', null],
      ['Striker 4', null],
    ]);
    const paid = await server.db.select().from(transactions).where(eq(transactions.seasonMonth, '2026-10'));
    expect(
      paid
        .filter((t) => t.type === 'prize')
        .map((t) => t.amount)
        .sort(),
    ).toEqual(['100.00', '300.00', '50.00', '50.00']);
    expect(paid.filter((t) => t.type === 'lottery').map((t) => t.amount)).toEqual(['20.00', '20.00', '20.00']);
    expect(paid.some((t) => t.ambassadorId === people[1]?.ambassadorId)).toBe(false);

    // The log: terms, freeze, summary, the withheld prize, the close, chained from the first entry.
    const log = await wholeLog(server);
    expect(kinds(log, '2026-10')).toEqual(['season.terms', 'season.frozen', 'month.summary', 'prize.withheld', 'season.closed']);
    const check = await verifyChain(log);
    expect(check).toMatchObject({ ok: true, head: { seq: log.length } });
    const summary = log.find((e) => e.kind === 'month.summary' && (e.data as { month: string }).month === '2026-10')?.data;
    expect(summary).toMatchObject({ month: '2026-10', gcmAwarded: '2030.00' });
  });

  it('answers bad input with a 4xx and a clear message, writing nothing', async () => {
    const before = (await wholeLog(server)).length;
    const cases: [string, number, string][] = [
      ['/api/public/log?after=-1', 400, 'after is the seq of an entry already read: a whole number from 0'],
      ['/api/public/log?after=abc', 400, 'after is the seq of an entry already read: a whole number from 0'],
      ['/api/public/log?limit=0', 400, 'limit is a whole number from 1 to 500'],
      ['/api/public/log?limit=501', 400, 'limit is a whole number from 1 to 500'],
      ['/api/public/log?limit=2.5', 400, 'limit is a whole number from 1 to 500'],
      ['/api/public/seasons/2026-13', 400, 'A season is a month written YYYY-MM, like 2026-10'],
      ['/api/public/seasons/2026-11', 404, 'No ended season for that month'],
    ];
    for (const [url, status, message] of cases) {
      const response = await anonymous().get(url);
      expect(response.status, url).toBe(status);
      expect(response.body.message, url).toBe(message);
    }
    const page = (await anonymous().get('/api/public/log?after=1&limit=2')).body;
    expect(page.entries.map((e: { seq: number }) => e.seq)).toEqual([2, 3]);
    expect(page.head.seq).toBe(before);
    expect((await anonymous().get(`/api/public/log?after=${before}`)).body.entries).toEqual([]);
    expect((await wholeLog(server)).length).toBe(before);
  });

  it('catches the operator’s levers: the log refuses changes; a list changed after the freeze, a rewritten entry and a re-chained rewrite are all seen', async () => {
    // The database refuses to change or remove a log entry.
    await expect(server.db.execute(sql`update public_log set kind = 'season.terms' where seq = 1`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from public_log where seq = 1`)).rejects.toThrow();
    const original = await wholeLog(server);
    const remembered = { seq: original.length, hash: original.at(-1)?.hash ?? '' };

    // Someone with the database drops an entrant after the freeze. The instance that already answered the
    // closed month keeps what it published (as a CDN does: the answer is immutable); an instance that reads
    // it afresh (a new pod, a restart) publishes the altered list, which no longer hashes to the frozen hash.
    const published = (await anonymous().get('/api/public/seasons/2026-10')).body;
    const [dropped] = await server.db.select().from(seasonEntrants).where(eq(seasonEntrants.month, '2026-10')).limit(1);
    await server.db.delete(seasonEntrants).where(eq(seasonEntrants.ambassadorId, dropped?.ambassadorId ?? ''));
    expect((await anonymous().get('/api/public/seasons/2026-10')).body).toEqual(published);
    const fresh = await startTestServer({
      kind,
      clock: server.clock,
      database: { database: server.database, url: server.config.databaseUrl },
      mail: server.mail,
      env: { DRAND_TEST_CHAIN: JSON.stringify(relay.chain), DRAND_URLS: relay.url },
    });
    try {
      const altered = (await new ApiClient(fresh).get('/api/public/seasons/2026-10')).body;
      expect(altered.entrants).toHaveLength(published.entrants.length - 1);
      const caught = await verifyPublishedSeason(altered, relay.chain);
      expect(caught.ok).toBe(false);
      const mismatch = caught.checks.find((c) => c.status === 'mismatch');
      expect(mismatch && englishOf(mismatch)).toMatch(/list hash/i);
    } finally {
      await fresh.close();
    }

    // Someone with the database turns the trigger off and rewrites an entry (a prize in the freeze).
    await server.db.execute(sql`alter table public_log disable trigger public_log_no_update_or_delete`);
    const target = original.find((e) => e.kind === 'season.frozen' && (e.data as { month: string }).month === '2026-10') as LogEntry;
    const data = { ...(target.data as Record<string, unknown>), entrantCount: 99 };
    await server.db.execute(sql`update public_log set data = ${JSON.stringify(data)}::jsonb where seq = ${target.seq}`);
    const rewritten = await wholeLog(server);
    const broken = await verifyChain(rewritten);
    expect(broken).toEqual({ ok: false, seq: target.seq, reason: expect.anything() });
    expect(broken.ok ? '' : englishOf(broken.reason)).toContain('hash does not match');

    // Then re-chains everything after it: the chain holds again, but not the head a browser remembered.
    let head = target.seq > 1 ? { seq: target.seq - 1, hash: rewritten[target.seq - 2]?.hash ?? '' } : EMPTY_HEAD;
    for (const entry of rewritten.filter((e) => e.seq >= target.seq)) {
      const hash = await entryHash({ ...entry, prevHash: head.hash });
      await server.db.execute(sql`update public_log set prev_hash = ${head.hash}, hash = ${hash} where seq = ${entry.seq}`);
      head = { seq: entry.seq, hash };
    }
    await server.db.execute(sql`alter table public_log enable trigger public_log_no_update_or_delete`);
    const rechained = await wholeLog(server);
    expect(await verifyChain(rechained)).toMatchObject({ ok: true });
    const extended = extendsHead(rechained, remembered);
    expect(extended).toEqual({ ok: false, reason: expect.anything() });
    expect(extended.ok ? '' : englishOf(extended.reason)).toContain(`entry ${remembered.seq}`);
    // Put back for the other tests of this file: nothing after this one.
    await server.db.update(seasons).set({ entrantCount: 3 }).where(eq(seasons.month, '2026-10'));
  });
});

describe('the drand settings', () => {
  it('refuses DRAND_TEST_CHAIN in production and a malformed chain or relay anywhere, and defaults to quicknet', async () => {
    const { chain } = await createTestChain();
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://127.0.0.1:25' };
    expect(() => loadConfig({ ...production, DRAND_TEST_CHAIN: JSON.stringify(chain) })).toThrow(
      /DRAND_TEST_CHAIN: replaces drand quicknet for tests and is refused/,
    );
    expect(() => loadConfig({ DRAND_TEST_CHAIN: '{"hash":"nope"}', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/DRAND_TEST_CHAIN/);
    expect(() => loadConfig({ DRAND_URLS: 'ftp://relay.example', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/DRAND_URLS: not an http\(s\) URL/);
    const config = loadConfig({ ...production });
    expect(config.drand).toMatchObject({ quicknet: true, chain: { hash: QUICKNET.hash, publicKey: QUICKNET.publicKey } });
    expect(config.drand.urls.every((u) => u.startsWith('https://'))).toBe(true);
    expect(loadConfig({ DRAND_TEST_CHAIN: JSON.stringify(chain), DRAND_URLS: 'http://127.0.0.1:9/', SESSION_SECRET: 'x'.repeat(32) }).drand).toEqual({
      chain,
      urls: ['http://127.0.0.1:9'],
      quicknet: false,
    });
  });
});
