/**
 * Live changes (DECISIONS §6): GET /api/events over real HTTP. An ambassador's stream hears changes
 * about themselves (`me`) and the public topics, never another person's or an admin topic; an
 * admin's stream hears the admin topics; changes are words, never data; bad input is refused or
 * ignored, never a 5xx; a session holds at most 5 streams (the oldest closes); the stream ends when
 * the account's streams are ended or its session is gone.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { startDrandRelay, type DrandRelay } from '../helpers/drand-relay.ts';
import { createAmbassador, credit, requestWithdrawal, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { describeEachDatabase, twoInstances } from '../helpers/suite.ts';

interface Listener {
  status: number;
  /** The topics of every `change` event so far, one array per event. */
  events: string[][];
  text(): string;
  ended(): boolean;
  close(): void;
}

function listen(server: TestServer, client: ApiClient | undefined, headers: Record<string, string> = {}, path = '/api/events'): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.url}${path}`);
    let raw = '';
    let done = false;
    const events: string[][] = [];
    const request: ClientRequest = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { accept: 'text/event-stream', ...(client?.cookie ? { cookie: `sid=${client.cookie}` } : {}), ...headers },
      },
      (response: IncomingMessage) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          raw += chunk;
          events.length = 0;
          for (const block of raw.split('\n\n')) {
            if (!block.includes('event: change')) continue;
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) events.push((JSON.parse(data) as { topics: string[] }).topics);
          }
        });
        response.on('end', () => (done = true));
        response.on('close', () => (done = true));
        resolve({ status: response.statusCode ?? 0, events, text: () => raw, ended: () => done, close: () => request.destroy() });
      },
    );
    request.on('error', (error) => (done ? undefined : reject(error)));
    request.end();
  });
}

const topicsOf = (l: Listener) => [...new Set(l.events.flat())].sort();

describeEachDatabase('GET /api/events (%s)', { listen: true }, ({ server, superAdmin: admin }) => {
  let alice: CreatedAmbassador;
  let bob: CreatedAmbassador;
  beforeAll(async () => {
    alice = await createAmbassador(server, { admin, fullName: 'Alice Live' });
    bob = await createAmbassador(server, { admin, fullName: 'Bob Live' });
  });

  it('refuses no session (401) and another site (403), ignores a Last-Event-ID it did not send', async () => {
    expect((await listen(server, undefined)).status).toBe(401);
    const foreign = await listen(server, alice.client, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const garbage = await listen(server, alice.client, { 'last-event-id': '\u00ff'.repeat(300) });
    expect(garbage.status).toBe(200);
    garbage.close();
  });

  it('tells each person what changed for them, in words: the ambassador their own changes and public ones, the admin the desk', async () => {
    const aliceStream = await listen(server, alice.client);
    const bobStream = await listen(server, bob.client);
    const adminStream = await listen(server, admin);
    expect([aliceStream.status, bobStream.status, adminStream.status]).toEqual([200, 200, 200]);
    await new Promise((r) => setTimeout(r, 100));

    // Alice sends a report: she hears `me`; the admin hears `reports`; Bob hears nothing about it.
    const sent = await alice.client.post('/api/reports', validReport());
    expect(sent.status).toBe(201);
    await expect.poll(() => topicsOf(aliceStream)).toContain('me');
    await expect.poll(() => topicsOf(adminStream)).toContain('reports');

    // The admin approves it with GCM: Alice hears `me`, everyone the leaderboard and stats; only the admin the desk's topics.
    expect((await admin.post(`/api/admin/reports/${sent.body.id}/review`, { status: 'approved', gcmAwarded: '150', usdtAwarded: '5' })).status).toBe(200);
    await expect.poll(() => topicsOf(bobStream)).toEqual(expect.arrayContaining(['leaderboard', 'stats']));
    await expect.poll(() => topicsOf(adminStream)).toEqual(expect.arrayContaining(['activity', 'ambassadors', 'leaderboard', 'reports']));
    await new Promise((r) => setTimeout(r, 200));
    // Nothing of Alice's reaches Bob, and no admin topic reaches an ambassador.
    expect(topicsOf(bobStream)).not.toContain('me');
    for (const stream of [aliceStream, bobStream]) {
      for (const topic of ['applications', 'reports', 'withdrawals', 'ambassadors', 'admins', 'activity']) expect(topicsOf(stream)).not.toContain(topic);
    }
    // Words, never data: no id, name or amount in any event.
    for (const stream of [aliceStream, bobStream, adminStream]) {
      expect(stream.text()).not.toContain(sent.body.id);
      expect(stream.text()).not.toContain('Alice');
      expect(stream.text()).not.toContain('150');
      expect(stream.text()).toMatch(/^retry: \d+$/m);
    }
    for (const stream of [aliceStream, bobStream, adminStream]) stream.close();
  });

  it('tells a visitor on the public stream the public topics of a change, and nothing else', async () => {
    const visitor = await listen(server, undefined, {}, '/api/public/leaderboard/stream');
    expect(visitor.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await admin.patch('/api/super-admin/settings', { reportSubmissionEnabled: true })).status).toBe(200);
    await expect.poll(() => topicsOf(visitor)).toContain('settings');
    expect(topicsOf(visitor).every((t) => ['leaderboard', 'stats', 'seasons', 'log', 'settings'].includes(t))).toBe(true);
    // The leaderboard events are still there (the whole board when the stream opens).
    expect(visitor.text()).toMatch(/^event: leaderboard$/m);
    visitor.close();
  });

  it('keeps at most 5 streams per session, closing the oldest, and ends a stream when its session is gone', async () => {
    const streams: Listener[] = [];
    for (let i = 0; i < 6; i++) streams.push(await listen(server, bob.client));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await expect.poll(() => streams[0]?.ended()).toBe(true);
    // It is told why, so its page waits until it is shown again instead of pushing out the next oldest.
    expect(streams[0]?.text()).toContain('event: end\ndata: {"reason":"replaced"}');
    expect(streams.slice(1).every((s) => !s.ended())).toBe(true);
    await expect.poll(() => server.app.events.size).toBe(5);
    // Signed out: the session's streams end.
    expect((await bob.client.post('/api/logout')).status).toBe(200);
    await expect.poll(() => streams.slice(1).every((s) => s.ended())).toBe(true);
    await expect.poll(() => server.app.events.size).toBe(0);
  });
});

describe.each(DATABASE_KINDS)('what writes the public log is heard live (%s)', (kind) => {
  let server: TestServer;
  let relay: DrandRelay;
  beforeAll(async () => {
    const clock = new TestClock('2026-10-20T12:00:00Z');
    relay = await startDrandRelay({ now: () => clock.now().getTime() });
    server = await startTestServer({ kind, clock, listen: true, env: { DRAND_TEST_CHAIN: JSON.stringify(relay.chain), DRAND_URLS: relay.url } });
    await runSeasonsJob(server.ctx);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });

  /** The topics of the events a stream received after `from` events. */
  const since = (l: Listener, from: number) => [...new Set(l.events.slice(from).flat())].sort();

  it('a payout marked paid is heard as `log`; a month the job freezes and closes by itself as `seasons` and `log`, and its champion hears the prize', async () => {
    let admin = await superAdminClient(server);
    const champion = await createAmbassador(server, { admin, fullName: 'Cleo Champion' });
    await credit(server, champion.ambassadorId, 'GCM', '80.00');
    const withdrawal = await requestWithdrawal(server, champion, { amount: '60', balance: '100.00' });
    expect((await admin.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, {})).status).toBe(200);

    const watcher = await listen(server, champion.client);
    expect(watcher.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    let seen = watcher.events.length;
    expect((await admin.post('/api/admin/withdrawals/paid', { ids: [withdrawal.id], txHash: `0x${'e'.repeat(64)}` })).status).toBe(200);
    await expect.poll(() => since(watcher, seen)).toContain('log');
    watcher.close();

    // October ends: the job freezes it, with no one's request behind it.
    server.clock.set('2026-11-01T00:00:30Z');
    const person = await new ApiClient(server).login(champion.email, champion.password);
    const stream = await listen(server, person);
    expect(stream.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    seen = stream.events.length;
    expect((await runSeasonsJob(server.ctx)).frozen).toEqual(['2026-10']);
    await expect.poll(() => since(stream, seen)).toEqual(expect.arrayContaining(['log', 'seasons']));

    // Its round is published: the job closes it, and the champion's prize is credited.
    const frozen = (await new ApiClient(server).get('/api/public/seasons/2026-10')).body as { beacon: { at: string } };
    server.clock.set(new Date(Date.parse(frozen.beacon.at) + 5_000));
    await new Promise((r) => setTimeout(r, 200));
    seen = stream.events.length;
    expect((await runSeasonsJob(server.ctx)).closed).toEqual(['2026-10']);
    await expect.poll(() => since(stream, seen)).toEqual(expect.arrayContaining(['leaderboard', 'log', 'me', 'seasons', 'stats']));
    admin = await superAdminClient(server);
    expect((await admin.get('/api/super-admin/seasons')).body.find((s: { month: string }) => s.month === '2026-10')).toMatchObject({ status: 'closed' });
    stream.close();
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('live changes across two instances on one PostgreSQL database', () => {
  const { first, second } = twoInstances({ listen: true });

  it('reaches a stream on the other instance, for its person only, and ends it there when the account is suspended', async () => {
    const admin = await superAdminClient(first);
    const carla = await createAmbassador(first, { admin, fullName: 'Carla Far' });
    const dan = await createAmbassador(first, { admin, fullName: 'Dan Far' });
    // Their pages are served by the second instance (the same session table).
    const carlaThere = await listen(second, carla.client);
    const danThere = await listen(second, dan.client);
    expect([carlaThere.status, danThere.status]).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 200));
    const sent = await carla.client.post('/api/reports', validReport());
    expect((await admin.post(`/api/admin/reports/${sent.body.id}/review`, { status: 'approved', gcmAwarded: '10', usdtAwarded: '0' })).status).toBe(200);
    await expect.poll(() => topicsOf(carlaThere)).toContain('me');
    await expect.poll(() => topicsOf(danThere)).toContain('leaderboard');
    expect(topicsOf(danThere)).not.toContain('me');
    // Suspended on the first instance: the stream on the second ends.
    expect((await admin.patch(`/api/admin/ambassadors/${carla.ambassadorId}`, { status: 'suspended' })).status).toBe(200);
    await expect.poll(() => carlaThere.ended()).toBe(true);
    expect(danThere.ended()).toBe(false);
    danThere.close();
  });
});
