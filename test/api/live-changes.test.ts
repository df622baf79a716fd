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
import { DATABASE_KINDS } from '../helpers/database.ts';
import type { DrandRelay } from '../helpers/drand-relay.ts';
import { EventSource } from 'eventsource';
import { CLOSED, OPEN, StandardEventSource } from '../helpers/event-source.ts';
import { enrolMfa } from '../helpers/mfa.ts';
import { createAdmin, createAmbassador, credit, requestWithdrawal, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import type { TestServer } from '../helpers/server.ts';
import { startDrawServer } from './draw-server.ts';
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
/** The last `id:` a stream sent. */
const idOf = (l: Listener) => [...l.text().matchAll(/^id: (.*)$/gm)].at(-1)?.[1] ?? '';

describeEachDatabase('GET /api/events (%s)', { listen: true }, ({ server, superAdmin: admin }) => {
  let alice: CreatedAmbassador;
  let bob: CreatedAmbassador;
  beforeAll(async () => {
    alice = await createAmbassador(server, { admin, fullName: 'Alice Live' });
    bob = await createAmbassador(server, { admin, fullName: 'Bob Live' });
  });

  it('refuses no session (401) and another site (403); a Last-Event-ID it did not send names every topic the person may hear', async () => {
    expect((await listen(server, undefined)).status).toBe(401);
    const foreign = await listen(server, alice.client, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const garbage = await listen(server, alice.client, { 'last-event-id': '\u00ff'.repeat(300) });
    expect(garbage.status).toBe(200);
    await expect.poll(() => garbage.events.length).toBe(1);
    expect(topicsOf(garbage)).toEqual(['leaderboard', 'log', 'me', 'seasons', 'settings', 'stats', 'tasks']);
    garbage.close();
  });

  it('numbers its events, and a reconnection with Last-Event-ID hears what it missed, and nothing when it missed nothing', async () => {
    const carol = await createAmbassador(server, { admin, fullName: 'Carol Back' });
    const dave = await createAmbassador(server, { admin, fullName: 'Dave Away' });
    const first = await listen(server, carol.client);
    await expect.poll(() => idOf(first)).toMatch(/^[\w-]+\.\d+$/);
    const opened = idOf(first);
    first.close();
    // Away: a report of hers (`me`, and the desk's `reports`), and one of Dave's.
    expect((await carol.client.post('/api/reports', validReport())).status).toBe(201);
    expect((await dave.client.post('/api/reports', validReport())).status).toBe(201);
    await new Promise((r) => setTimeout(r, 100));
    const back = await listen(server, carol.client, { 'last-event-id': opened });
    await expect.poll(() => back.events.length).toBe(1);
    expect(back.events[0]).toEqual(['me']);
    const current = idOf(back);
    expect(current).not.toBe(opened);
    back.close();
    const again = await listen(server, carol.client, { 'last-event-id': current });
    await expect.poll(() => idOf(again)).toBe(current);
    await new Promise((r) => setTimeout(r, 100));
    expect(again.events).toEqual([]);
    again.close();
    // An admin reconnecting from before Dave's report hears the desk's topics too.
    const adminBack = await listen(server, admin, { 'last-event-id': opened });
    await expect.poll(() => adminBack.events.length).toBe(1);
    expect(adminBack.events[0]).toEqual(['reports']);
    adminBack.close();
  });

  it('settles six and more standard EventSource clients on one session: the replaced ones reconnect once, are answered 204 and stop', async () => {
    const session = await new ApiClient(server).login(bob.email, bob.password);
    const clients: StandardEventSource[] = [];
    for (let i = 0; i < 7; i++) {
      const client = new StandardEventSource(`${server.url}/api/events`, `sid=${session.cookie}`);
      clients.push(client);
      await expect.poll(() => client.readyState).toBe(OPEN);
    }
    // The two oldest were replaced: each reconnects once with the replaced id, is answered 204 and stops (a standard client does not retry it).
    await Promise.all(clients.slice(0, 2).map((c) => c.closed));
    for (const client of clients.slice(0, 2)) {
      expect(client.events.map((e) => e.type)).toEqual(['end']);
      expect(client.requests.map((r) => r.status)).toEqual([200, 204]);
      expect(client.requests[1]?.lastEventId).toMatch(/\.replaced$/);
      expect(client.readyState).toBe(CLOSED);
    }
    // The five others stay open on their first connection: nobody pushed them out in turn.
    for (const client of clients.slice(2)) {
      expect(client.readyState).toBe(OPEN);
      expect(client.requests.map((r) => r.status)).toEqual([200]);
      expect(client.events.filter((e) => e.type === 'end')).toEqual([]);
    }
    await expect.poll(() => server.app.events.size).toBe(5);
    // A tab shown again opens a new EventSource (no Last-Event-ID): it takes the oldest one's place, once.
    const shown = new StandardEventSource(`${server.url}/api/events`, `sid=${session.cookie}`);
    await expect.poll(() => shown.readyState).toBe(OPEN);
    await clients[2]?.closed;
    expect(clients[2]?.requests.map((r) => r.status)).toEqual([200, 204]);
    for (const client of [...clients.slice(3), shown]) expect(client.readyState).toBe(OPEN);
    for (const client of [...clients, shown]) client.close();
  });

  it('settles seven tabs of the npm `eventsource` client (a client nobody here wrote) the same way', async () => {
    const session = await new ApiClient(server).login(bob.email, bob.password);
    /** One tab: the package's EventSource, its requests (status, Last-Event-ID) and the types of the events it fired. */
    const open = () => {
      const requests: { status: number; lastEventId: string | undefined }[] = [];
      const types: string[] = [];
      const source = new EventSource(`${server.url}/api/events`, {
        fetch: async (url, init) => {
          const headers = { ...init.headers, Cookie: `sid=${session.cookie}` };
          const response = await fetch(url, { ...init, headers });
          requests.push({ status: response.status, lastEventId: (headers as Record<string, string>)['Last-Event-ID'] });
          return response;
        },
      });
      for (const type of ['end', 'change', 'message']) source.addEventListener(type, () => types.push(type));
      return { source, requests, types };
    };
    const tabs: ReturnType<typeof open>[] = [];
    for (let i = 0; i < 7; i++) {
      const tab = open();
      tabs.push(tab);
      await expect.poll(() => tab.source.readyState).toBe(EventSource.OPEN);
    }
    // The two oldest: ended, back once with the replaced id, answered 204, and closed for good by the package itself.
    for (const tab of tabs.slice(0, 2)) {
      await expect.poll(() => tab.source.readyState).toBe(EventSource.CLOSED);
      expect(tab.types).toEqual(['end']);
      expect(tab.requests.map((r) => r.status)).toEqual([200, 204]);
      expect(tab.requests[1]?.lastEventId).toMatch(/\.replaced$/);
    }
    for (const tab of tabs.slice(2)) {
      expect(tab.source.readyState).toBe(EventSource.OPEN);
      expect(tab.requests.map((r) => r.status)).toEqual([200]);
    }
    await expect.poll(() => server.app.events.size).toBe(5);
    // And it hears a change on the session's topics.
    const heard = tabs[6]?.types.length ?? 0;
    expect((await session.patch('/api/ambassador', { country: 'Kenya' })).status).toBe(200);
    await expect.poll(() => tabs[6]?.types.slice(heard)).toContain('change');
    for (const tab of tabs) tab.source.close();
    await expect.poll(() => server.app.events.size).toBe(0);
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

  it('tells every signed-in person, and no visitor, that a task was created or changed (`tasks`)', async () => {
    const aliceStream = await listen(server, alice.client);
    const adminStream = await listen(server, admin);
    const visitor = await listen(server, undefined, {}, '/api/public/leaderboard/stream');
    expect([aliceStream.status, adminStream.status, visitor.status]).toEqual([200, 200, 200]);
    await new Promise((r) => setTimeout(r, 100));
    const created = await admin.post('/api/admin/tasks', {
      title: 'Live task',
      description: 'Host a space',
      kind: 'manual',
      params: {},
      gcmReward: '5',
      usdtReward: '0',
      period: 'once',
    });
    expect(created.status, created.text).toBe(201);
    await expect.poll(() => topicsOf(aliceStream)).toContain('tasks');
    await expect.poll(() => topicsOf(adminStream)).toContain('tasks');
    const heard = aliceStream.events.length;
    expect((await admin.patch(`/api/admin/tasks/${created.body.id}`, { title: 'Live task, renamed' })).status).toBe(200);
    await expect.poll(() => aliceStream.events.length).toBeGreaterThan(heard);
    expect(aliceStream.events.at(-1)).toContain('tasks');
    await new Promise((r) => setTimeout(r, 200));
    // Words, never data; and a visitor's public stream does not carry it.
    expect(aliceStream.text()).not.toContain('Live task');
    expect(topicsOf(visitor)).not.toContain('tasks');
    for (const stream of [aliceStream, adminStream, visitor]) stream.close();
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
    expect(streams[0]?.text()).toMatch(/^event: end\nid: [\w-]+\.\d+\.replaced\ndata: \{"reason":"replaced"\}$/m);
    expect(streams.slice(1).every((s) => !s.ended())).toBe(true);
    await expect.poll(() => server.app.events.size).toBe(5);
    // Signed out: the session's streams end.
    expect((await bob.client.post('/api/logout')).status).toBe(200);
    await expect.poll(() => streams.slice(1).every((s) => s.ended())).toBe(true);
    await expect.poll(() => server.app.events.size).toBe(0);
  });
});

describeEachDatabase(
  'GET /api/events where admins must enrol two-factor sign-in (%s)',
  { listen: true, env: { ADMIN_MFA: 'required' } },
  ({ server, superAdmin }) => {
    it('gives an admin not yet enrolled what a non-admin hears, and the desk once they have enrolled', async () => {
      await enrolMfa(server, superAdmin);
      const held = await createAdmin(server, { superAdmin, fullName: 'Held Back' });
      expect((await held.client.get('/api/admin/reports')).body.code).toBe('MFA_ENROLL');
      const amb = await createAmbassador(server, { admin: superAdmin, fullName: 'Eve Reporter' });
      const heldStream = await listen(server, held.client);
      const deskStream = await listen(server, superAdmin);
      expect([heldStream.status, deskStream.status]).toEqual([200, 200]);
      await new Promise((r) => setTimeout(r, 100));
      const sent = await amb.client.post('/api/reports', validReport());
      expect(sent.status).toBe(201);
      await expect.poll(() => topicsOf(deskStream)).toContain('reports');
      expect((await superAdmin.post(`/api/admin/reports/${sent.body.id}/review`, { status: 'approved', gcmAwarded: '20', usdtAwarded: '0' })).status).toBe(200);
      await expect.poll(() => topicsOf(heldStream)).toEqual(expect.arrayContaining(['leaderboard', 'stats']));
      await expect.poll(() => topicsOf(deskStream)).toEqual(expect.arrayContaining(['activity', 'ambassadors']));
      for (const topic of ['applications', 'reports', 'withdrawals', 'ambassadors', 'admins', 'activity']) expect(topicsOf(heldStream)).not.toContain(topic);

      // Enrolled: the held-back stream ends (a change about them), and the stream opened again hears the desk.
      await enrolMfa(server, held.client);
      await expect.poll(() => heldStream.ended()).toBe(true);
      expect((await held.client.get('/api/admin/reports')).status).toBe(200);
      const desk = await listen(server, held.client);
      await new Promise((r) => setTimeout(r, 100));
      expect((await superAdmin.patch(`/api/admin/ambassadors/${amb.ambassadorId}`, { badgeLevel: 'gold' })).status).toBe(200);
      await expect.poll(() => topicsOf(desk)).toContain('ambassadors');
      for (const stream of [deskStream, desk]) stream.close();
    });
  },
);

describe.each(DATABASE_KINDS)('what writes the public log is heard live (%s)', (kind) => {
  let server: TestServer;
  let relay: DrandRelay;
  beforeAll(async () => {
    ({ server, relay } = await startDrawServer({ kind, at: '2026-10-20T12:00:00Z', listen: true }));
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

  it('hears a task claim made on the other instance, whose notices ride on the claim’s own statement', async () => {
    const admin = await superAdminClient(first);
    const task = await admin.post('/api/admin/tasks', {
      title: 'Far task',
      description: 'Do it',
      kind: 'manual',
      params: {},
      gcmReward: '5',
      usdtReward: '0',
      period: 'once',
    });
    expect(task.status).toBe(201);
    const erin = await createAmbassador(first, { admin, fullName: 'Erin Far' });
    const erinThere = await listen(second, erin.client);
    const deskThere = await listen(second, admin);
    await new Promise((r) => setTimeout(r, 200));
    const claimed = await erin.client.post(`/api/tasks/${task.body.id}/claim`, { note: 'Hosted it' });
    expect({ status: claimed.status, claim: claimed.body.status }).toEqual({ status: 201, claim: 'pending_review' });
    // One change, as the first instance published it: the claim is Erin's own (`me`) and waits at the desk (`reports`).
    await expect.poll(() => deskThere.events.at(-1)).toEqual(['reports']);
    await expect.poll(() => erinThere.events).toEqual([['me']]);
    erinThere.close();
    deskThere.close();
  });
});
