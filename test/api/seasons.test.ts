/**
 * Protocol 1 seasons through the API (DECISIONS §5, months first seen before protocol 2 shipped:
 * their rows carry a secret and a commitment): live a month, turn it, preview, close with a typed
 * beacon, the public archive and its verification, the ledger, the emails, two closes at once, bad
 * input; and the live leaderboard stream. Protocol 2 is in draw.test.ts.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listHashOf } from '../../src/shared/draw.ts';
import { commitmentOf, drawWinners, newSecret } from '../../src/shared/draw-protocol-1.ts';
import { applyLeaderboardPatch, isLeaderboardPatch, type LeaderboardPatch } from '../../src/shared/leaderboard-patch.ts';
import type { TLeaderboardEntry } from '../../src/shared/schemas/public.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { seasons, transactions } from '../../src/server/db/schema.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { TEST_SESSION_SECRET, type TestServer } from '../helpers/server.ts';
import { blockServer, describeEachDatabase } from '../helpers/suite.ts';

const BEACON = 'bsc:43123456:0x9f3c0e1b2a4d5c6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6';

/** A month first seen before protocol 2 shipped: its row as protocol 1 made it, with a secret and its commitment. */
async function legacySeason(server: TestServer, month: string): Promise<void> {
  const secret = newSecret();
  await server.db.insert(seasons).values({ month, protocol: 1, secret, commitment: await commitmentOf(secret), createdAt: server.clock.now() });
}

/** A clock of its own on each database: the tests move it. */
const ownClock = () => ({ clock: new TestClock('2026-09-10T12:00:00Z') });

describeEachDatabase('a protocol 1 season from start to close (%s)', ownClock, ({ server, superAdmin }) => {
  let admin: ApiClient = superAdmin;
  const people: CreatedAmbassador[] = [];
  const anonymous = () => new ApiClient(server);

  beforeAll(async () => {
    for (const month of ['2026-08', '2026-09', '2026-10']) await legacySeason(server, month);
    for (let i = 0; i < 9; i++) people.push(await createAmbassador(server, { admin, fullName: `Player ${i}` }));
    // September: three earn, for the race of two closes.
    for (const [i, gcm] of [
      [0, '100.00'],
      [1, '90.00'],
      [2, '80.00'],
    ] as const) {
      await credit(server, people[i]?.ambassadorId ?? '', 'GCM', gcm);
    }
    server.clock.set('2026-10-05T12:00:00Z');
  }, 120_000);
  // The clock jumps months in these tests: each starts with a fresh super admin session.
  beforeEach(async () => {
    admin = await superAdminClient(server);
  });

  it('publishes the running month’s commitment at once, and never changes it', async () => {
    const first = await anonymous().get('/api/public/seasons/current');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      month: '2026-10',
      protocol: 1,
      prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
      lotteryWinners: 10,
      lotteryPrizeUsdt: '20.00',
    });
    expect(first.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body).not.toHaveProperty('secret');
    expect((await anonymous().get('/api/public/seasons/current')).body.commitment).toBe(first.body.commitment);
  });

  it('refuses to close a month that has not ended', async () => {
    const response = await admin.post('/api/super-admin/seasons/2026-10/close', { beacon: BEACON });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('The month has not ended yet');
  });

  it('closes October exactly once: frozen standings, prizes, a verifiable lottery, ledger entries and emails', async () => {
    const commitment = (await anonymous().get('/api/public/seasons/current')).body.commitment as string;
    // October: eight earn; Player 7 is suspended before the close; Player 8 earns nothing.
    const october = ['500.00', '400.00', '300.00', '300.00', '200.00', '150.00', '120.00', '110.00'];
    for (const [i, gcm] of october.entries()) await credit(server, people[i]?.ambassadorId ?? '', 'GCM', gcm);
    await credit(server, people[8]?.ambassadorId ?? '', 'USDT', '5.00');
    expect((await admin.patch(`/api/admin/ambassadors/${people[7]?.ambassadorId}`, { status: 'suspended' })).status).toBe(200);
    await admin.patch('/api/super-admin/settings', { lotteryWinners: 2 });

    // The month turns; an award of November does not move October's standings. November's terms are
    // fixed by the seasons job (every 30 s on a server; this test server runs none), never by a read.
    server.clock.set('2026-11-01T02:00:00Z');
    await runSeasonsJob(server.ctx);
    await credit(server, people[6]?.ambassadorId ?? '', 'GCM', '10000.00');
    admin = await superAdminClient(server);

    const preview = await admin.get('/api/super-admin/seasons/2026-10/preview');
    expect(preview.status).toBe(200);
    expect(preview.body.status).toBe('ended');
    expect(preview.body.commitment).toBe(commitment);
    expect(
      preview.body.champions.map((c: { fullName: string; monthlyGcm: string; prizeUsdt: string; rank: number }) => [
        c.rank,
        c.fullName,
        c.monthlyGcm,
        c.prizeUsdt,
      ]),
    ).toEqual([
      [1, 'Player 0', '500.00', '300.00'],
      [2, 'Player 1', '400.00', '200.00'],
      // A tie: the earlier member first.
      [3, 'Player 2', '300.00', '100.00'],
      [4, 'Player 3', '300.00', '50.00'],
      [5, 'Player 4', '200.00', '50.00'],
    ]);
    const entrantIds = [people[5]?.ambassadorId, people[6]?.ambassadorId].sort();
    expect(preview.body.entrants.map((e: { ambassadorId: string }) => e.ambassadorId)).toEqual(entrantIds);
    expect(preview.body.beaconRule).toContain('BNB Smart Chain');

    const list = await admin.get('/api/super-admin/seasons');
    expect(list.body.map((s: { month: string; status: string }) => [s.month, s.status])).toEqual(
      expect.arrayContaining([
        ['2026-11', 'running'],
        ['2026-10', 'ended'],
      ]),
    );

    const mailBefore = server.mail.messages.length;
    const closed = await admin.post('/api/super-admin/seasons/2026-10/close', { beacon: `  ${BEACON}  ` });
    expect(closed.status).toBe(200);
    expect(closed.body.lottery.beacon).toBe(BEACON);
    expect(closed.body.lottery.winners).toHaveLength(2);

    const again = await admin.post('/api/super-admin/seasons/2026-10/close', { beacon: BEACON });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This season has already been closed');

    // The public archive, and the draw recomputed from what it publishes.
    const archive = await anonymous().get('/api/public/seasons');
    expect(archive.body.map((s: { month: string }) => s.month)).toContain('2026-10');
    const detail = (await anonymous().get('/api/public/seasons/2026-10')).body;
    expect(detail.entrants.map((e: { ambassadorId: string }) => e.ambassadorId)).toEqual(entrantIds);
    expect(await commitmentOf(detail.lottery.secret)).toBe(commitment);
    expect(await listHashOf(entrantIds as string[])).toBe(detail.lottery.listHash);
    const recomputed = await drawWinners({ secret: detail.lottery.secret, beacon: BEACON, entrantIds: entrantIds as string[], winners: 2 });
    expect(detail.lottery.winners.map((w: { ambassadorId: string }) => w.ambassadorId)).toEqual(recomputed);
    expect(detail.lottery.entrantCount).toBe(2);

    // The ledger: one prize per champion, one lottery win per winner, for this season, withdrawable.
    const seasonRows = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.seasonMonth, '2026-10'), isNotNull(transactions.seasonMonth)));
    expect(
      seasonRows
        .filter((t) => t.type === 'prize')
        .map((t) => t.amount)
        .sort(),
    ).toEqual(['100.00', '200.00', '300.00', '50.00', '50.00']);
    expect(seasonRows.filter((t) => t.type === 'lottery').map((t) => t.amount)).toEqual(['20.00', '20.00']);
    const second = people[1] as CreatedAmbassador;
    await second.client.login(second.email, second.password);
    const wallet = await second.client.get('/api/transactions');
    expect(wallet.body[0]).toMatchObject({ type: 'prize', currency: 'USDT', amount: '200.00', description: '2nd place prize, October 2026' });
    const me = (await second.client.get('/api/ambassador')).body;
    expect(me.withdrawableUsdt).toBe('200.00');
    expect(me.wins).toEqual([{ month: '2026-10', kind: 'prize', rank: 2, prizeUsdt: '200.00', text: 'You won 2nd place in October 2026' }]);
    // A lottery winner reads the lottery win; the others read none.
    const lucky = people.find((p) => p.ambassadorId === recomputed[0]) as CreatedAmbassador;
    await lucky.client.login(lucky.email, lucky.password);
    expect((await lucky.client.get('/api/ambassadors/me')).body.wins).toEqual([
      { month: '2026-10', kind: 'lottery', rank: null, prizeUsdt: '20.00', text: 'You won the lottery in October 2026' },
    ]);

    // An email to each of the seven winners.
    await server.flushEmail();
    const winners = [...preview.body.champions.map((c: { ambassadorId: string }) => c.ambassadorId), ...recomputed];
    for (const id of winners) {
      const person = people.find((p) => p.ambassadorId === id) as CreatedAmbassador;
      const message = await server.mail.waitFor(person.email, { after: mailBefore });
      expect(message.subject).toMatch(/^You won /);
    }
    const log = (await admin.get('/api/super-admin/actions')).body;
    expect(log.find((row: { action: string }) => row.action === 'close_season')).toMatchObject({
      details: expect.stringContaining('October 2026: 5 prizes and 2 lottery wins, 740.00 USDT'),
    });
  });

  it('lets two closes at once make one success and one 409, and pays once', async () => {
    const [a, b] = await Promise.all([
      admin.post('/api/super-admin/seasons/2026-09/close', { beacon: BEACON }),
      admin.post('/api/super-admin/seasons/2026-09/close', { beacon: BEACON }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const prizes = await server.db.select().from(transactions).where(eq(transactions.seasonMonth, '2026-09'));
    expect(prizes.filter((t) => t.type === 'prize')).toHaveLength(3);
  });

  it('answers bad months and beacons with 4xx and a clear message, writing nothing', async () => {
    const cases: [string, unknown, number, string][] = [
      ['/api/super-admin/seasons/2026-13/close', { beacon: BEACON }, 400, 'A season is a month written YYYY-MM, like 2026-10'],
      ['/api/super-admin/seasons/october/close', { beacon: BEACON }, 400, 'A season is a month written YYYY-MM, like 2026-10'],
      [
        '/api/super-admin/seasons/2026-08/close',
        { beacon: '   ' },
        400,
        'Enter the beacon: the hash of the first BNB Smart Chain block at least one hour after the month ended',
      ],
      ['/api/super-admin/seasons/2026-08/close', { beacon: 'x'.repeat(201) }, 400, 'The beacon must be at most 200 characters'],
      [
        '/api/super-admin/seasons/2026-08/close',
        {},
        400,
        'Enter the beacon: the hash of the first BNB Smart Chain block at least one hour after the month ended',
      ],
      // November was first seen since protocol 2 shipped: it closes by itself, and takes no beacon.
      [
        '/api/super-admin/seasons/2026-11/close',
        { beacon: BEACON },
        400,
        'A beacon cannot be entered for this month: its beacon is a drand round that the server fetches and checks itself, and the month closes by itself',
      ],
      ['/api/super-admin/seasons/2025-01/close', { beacon: BEACON }, 404, 'No season for that month'],
    ];
    for (const [url, body, status, message] of cases) {
      const response = await admin.post(url, body);
      expect(response.status, url).toBe(status);
      expect(response.body.message).toBe(message);
    }
    expect((await anonymous().get('/api/public/seasons/2026-08')).status).toBe(404);
    expect((await anonymous().get('/api/public/seasons/26-08')).status).toBe(400);
    expect((await admin.get('/api/super-admin/seasons/2030-01/preview')).status).toBe(404);
    expect((await server.db.select().from(transactions).where(eq(transactions.seasonMonth, '2026-08'))).length).toBe(0);
  });
});

describe('the live leaderboard stream', () => {
  const server = blockServer({ listen: true });

  /** Opens the stream over real HTTP and answers a reader of its events. */
  function openStream(): Promise<{ response: IncomingMessage; next(): Promise<{ event: string; id: string; bytes: number; data: unknown }>; close(): void }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/public/leaderboard/stream`, (response) => {
        let buffer = '';
        const waiting: ((event: { event: string; id: string; bytes: number; data: unknown }) => void)[] = [];
        const ready: { event: string; id: string; bytes: number; data: unknown }[] = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const id = /^id: (.*)$/m.exec(block)?.[1] ?? '';
            const data = /^data: (.*)$/m.exec(block)?.[1];
            // The stream also names public changes (`change` events, DECISIONS §6): these tests read the leaderboard's.
            if (event === 'leaderboard' && data) {
              const parsed = { event, id, bytes: data.length, data: JSON.parse(data) as unknown };
              const waiter = waiting.shift();
              if (waiter) waiter(parsed);
              else ready.push(parsed);
            }
            end = buffer.indexOf('\n\n');
          }
        });
        resolve({
          response,
          next: () =>
            new Promise((done) => (ready.length ? done(ready.shift() as { event: string; id: string; bytes: number; data: unknown }) : waiting.push(done))),
          close: () => req.destroy(),
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('sends the standings at once and again when an award is credited, to every open stream', async () => {
    const admin = await superAdminClient(server);
    const first = await createAmbassador(server, { admin, fullName: 'Early Leader' });
    const second = await createAmbassador(server, { admin, fullName: 'Late Climber' });
    await credit(server, first.ambassadorId, 'GCM', '100.00');
    // More on the board, so that the whole of it is larger than a patch.
    for (let i = 0; i < 6; i++) {
      const other = await createAmbassador(server, { admin, fullName: `Steady Player ${i}` });
      await credit(server, other.ambassadorId, 'GCM', `${10 + i}.00`);
    }
    const streams = await Promise.all([openStream(), openStream(), openStream()]);
    const openings: { id: string; data: TLeaderboardEntry[] }[] = [];
    for (const stream of streams) {
      expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.response.headers['cache-control']).toBe('no-store');
      expect(stream.response.headers['content-security-policy']).toBeTruthy();
      const opening = await stream.next();
      expect(opening.event).toBe('leaderboard');
      // Whole when the stream opens, with the standings' ETag as the event's id.
      const board = opening.data as TLeaderboardEntry[];
      expect(board[0]?.fullName).toBe('Early Leader');
      expect(opening.id).toBe(String((await server.app.inject({ method: 'GET', url: '/api/public/leaderboard' })).headers.etag));
      openings.push({ id: opening.id, data: board });
    }
    await credit(server, second.ambassadorId, 'GCM', '250.00');
    const now = await server.app.inject({ method: 'GET', url: '/api/public/leaderboard' });
    for (const [i, stream] of streams.entries()) {
      const update = await stream.next();
      expect(update.event).toBe('leaderboard');
      expect(update.id).toBe(String(now.headers.etag));
      // Then a patch against the board the stream has: the one entry that moved, much smaller than the board.
      const patch = update.data as LeaderboardPatch;
      expect(isLeaderboardPatch(patch)).toBe(true);
      expect(patch.from).toBe(openings[i]?.id);
      expect(patch.changed).toEqual([{ rank: 0, entry: expect.objectContaining({ fullName: 'Late Climber', monthlyGcm: '250.00' }) }]);
      expect(patch.removed).toEqual([]);
      expect(update.bytes).toBeLessThan(now.body.length / 2);
      expect(applyLeaderboardPatch(openings[i]?.data ?? [], patch)).toEqual(now.json());
      stream.close();
    }
  });

  it('sends the whole board to a stream that opened after the last change', async () => {
    const admin = await superAdminClient(server);
    const late = await openStream();
    const opening = await late.next();
    expect(Array.isArray(opening.data)).toBe(true);
    const climber = await createAmbassador(server, { admin, fullName: 'Another Climber' });
    await credit(server, climber.ambassadorId, 'GCM', '5000.00');
    const update = await late.next();
    const patch = update.data as LeaderboardPatch;
    expect(applyLeaderboardPatch(opening.data as TLeaderboardEntry[], patch)[0]).toMatchObject({ fullName: 'Another Climber', monthlyGcm: '5000.00' });
    late.close();
  });
});

describe('TEST_CLOCK_OFFSET', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: TEST_SESSION_SECRET, DATA_DIR: '/tmp/ambassador-test-unused' };
  it('moves the clock by a signed duration, and is refused in production', () => {
    expect(loadConfig({ ...base, TEST_CLOCK_OFFSET: '-35d' }).clockOffsetMs).toBe(-35 * 86_400_000);
    expect(loadConfig({ ...base, TEST_CLOCK_OFFSET: '+2h' }).clockOffsetMs).toBe(7_200_000);
    expect(loadConfig({ ...base, TEST_CLOCK_OFFSET: '-90m' }).clockOffsetMs).toBe(-5_400_000);
    expect(loadConfig(base).clockOffsetMs).toBe(0);
    expect(() => loadConfig({ ...base, TEST_CLOCK_OFFSET: 'yesterday' })).toThrow(/TEST_CLOCK_OFFSET: must be a signed duration/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', TEST_CLOCK_OFFSET: '-35d' })).toThrow(ConfigError);
  });
});
