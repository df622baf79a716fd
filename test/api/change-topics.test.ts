/**
 * Each topic of DECISIONS §6 is published exactly where the data it names changed (issue 42 §2;
 * docs/decisions/033): the topics come from the tables a change wrote, so this runs each kind of
 * change, the seasons job's steps and the public log's appends among them, and compares what the
 * change published (this instance's changes feed, what every stream is told) with what it
 * changed. The change's answer names the same topics, as the caller's own stream would hear them
 * (X-Changed-Topics).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeason, runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import type { Change } from '../../src/server/db/figures.ts';
import { LIVE_TOPICS } from '../../src/shared/live.ts';
import { ApiClient, superAdminClient, type ApiResponse } from '../helpers/client.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import type { DrandRelay } from '../helpers/drand-relay.ts';
import { createAmbassador, credit, requestWithdrawal, uniqueEmail, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import type { TestServer } from '../helpers/server.ts';
import { startDrawServer } from './draw-server.ts';
import { WALLET_A } from '../helpers/wallets.ts';

/** What a piece of work published: the topics of every change it made, and whose `me` they were. */
interface Published {
  topics: string[];
  me: string[] | '*';
}

describe.each(DATABASE_KINDS)('each change publishes the topics of what it wrote (%s)', (kind) => {
  let server: TestServer;
  let relay: DrandRelay;
  let admin: ApiClient;
  let amb: CreatedAmbassador;
  let ambUserId: string;
  let adminUserId: string;
  /** Every topic some change here published. */
  const heard = new Set<string>();

  beforeAll(async () => {
    ({ server, relay } = await startDrawServer({ kind, at: '2026-10-20T12:00:00Z' }));
    admin = await superAdminClient(server);
    amb = await createAmbassador(server, { admin, fullName: 'Tess Topics' });
    const users = await server.db.query.users.findMany();
    ambUserId = users.find((u) => u.email === amb.email)?.id ?? '';
    adminUserId = users.find((u) => u.isSuperAdmin)?.id ?? '';
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });

  /** Runs `work` and answers what it published, with its own result. */
  async function publishedBy<T>(work: () => Promise<T>): Promise<Published & { result: T }> {
    const changes: Change[] = [];
    const stop = server.ctx.database.changes.subscribe((change) => changes.push(change));
    try {
      const result = await work();
      const topics = [...new Set(changes.flatMap((c) => c.topics))].sort();
      for (const topic of topics) heard.add(topic);
      const withMe = changes.filter((c) => c.topics.includes('me'));
      const me = withMe.some((c) => c.users === '*') ? '*' : [...new Set(withMe.flatMap((c) => c.users as string[]))].sort();
      return { topics, me, result };
    } finally {
      stop();
    }
  }

  const answered = (response: ApiResponse) =>
    String(response.headers['x-changed-topics'] ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .sort();

  it('an application: sent (the desk), approved (an account, a record, the figures), rejected (the desk)', async () => {
    const sent = await publishedBy(() => new ApiClient(server).post('/api/applications', validApplication({ email: uniqueEmail() })));
    expect(sent.result.status).toBe(201);
    expect(sent.topics).toEqual(['applications']);
    // A visitor hears no admin topic: the answer names nothing.
    expect(answered(sent.result)).toEqual([]);

    const approved = await publishedBy(() => admin.post(`/api/admin/applications/${sent.result.body.id}/approve`));
    expect(approved.result.status).toBe(200);
    // A new account (users: me, admins), its record (ambassadors: the desk, the board), the count (stats), the activity log.
    expect(approved.topics).toEqual(['activity', 'admins', 'ambassadors', 'applications', 'leaderboard', 'me', 'stats']);
    expect(answered(approved.result)).toEqual(approved.topics);

    const other = await new ApiClient(server).post('/api/applications', validApplication({ email: uniqueEmail() }));
    const rejected = await publishedBy(() => admin.post(`/api/admin/applications/${other.body.id}/reject`, {}));
    expect(rejected.result.status).toBe(200);
    expect(rejected.topics).toEqual(['activity', 'applications']);
  });

  it('a report: sent (mine, the desk), approved with awards (my ledger, the board, the stats), rejected (mine, the desk)', async () => {
    const sent = await publishedBy(() => amb.client.post('/api/reports', validReport({ weekStartDate: '2026-10-12', weekEndDate: '2026-10-18' })));
    expect(sent.result.status).toBe(201);
    expect(sent.topics).toEqual(['me', 'reports']);
    expect(sent.me).toEqual([ambUserId]);
    // The ambassador's answer: their own account, never the desk's topic.
    expect(answered(sent.result)).toEqual(['me']);

    const approved = await publishedBy(() =>
      admin.post(`/api/admin/reports/${sent.result.body.id}/review`, { status: 'approved', gcmAwarded: '40', usdtAwarded: '3' }),
    );
    expect(approved.result.status).toBe(200);
    expect(approved.topics).toEqual(['activity', 'ambassadors', 'leaderboard', 'me', 'reports', 'stats']);
    expect(approved.me).toEqual([adminUserId, ambUserId].sort());

    // One report a day.
    server.clock.set('2026-10-21T12:00:00Z');
    const again = await amb.client.post('/api/reports', validReport({ weekStartDate: '2026-10-05', weekEndDate: '2026-10-11' }));
    expect(again.status, again.text).toBe(201);
    const rejected = await publishedBy(() => admin.post(`/api/admin/reports/${again.body.id}/review`, { status: 'rejected', facts: 'No links' }));
    expect(rejected.result.status).toBe(200);
    // No award: nothing public moved.
    expect(rejected.topics).toEqual(['activity', 'me', 'reports']);
  });

  it('a withdrawal: requested and cancelled (mine, the desk), approved, marked paid (the desk and the public log, nothing else public)', async () => {
    await credit(server, amb.ambassadorId, 'USDT', '200.00');
    const cancelled = await requestWithdrawal(server, amb, { amount: '50' });
    const cancel = await publishedBy(() => amb.client.post(`/api/withdrawal-requests/${cancelled.id}/cancel`));
    expect(cancel.result.status).toBe(200);
    expect(cancel.topics).toEqual(['activity', 'me', 'withdrawals']);

    const requested = await publishedBy(() => amb.client.post('/api/withdrawal-requests', { amount: '60', walletAddress: WALLET_A }));
    expect(requested.result.status, requested.result.text).toBe(201);
    expect(requested.topics).toEqual(['me', 'withdrawals']);
    expect(answered(requested.result)).toEqual(['me']);
    const id = requested.result.body.id;

    const approved = await publishedBy(() => admin.post(`/api/admin/withdrawals/${id}/approve`, {}));
    expect(approved.result.status).toBe(200);
    // A debit of the ledger: no total of the record or the programme moves.
    expect(approved.topics).toEqual(['activity', 'me', 'withdrawals']);

    const paid = await publishedBy(() => admin.post('/api/admin/withdrawals/paid', { ids: [id], txHash: `0x${'a'.repeat(64)}` }));
    expect(paid.result.status).toBe(200);
    // The payout.paid entry is the log's; the log's rows are read by the seasons' pages and the landing page too.
    expect(paid.topics).toEqual(['activity', 'log', 'me', 'seasons', 'stats', 'withdrawals']);
    expect(answered(paid.result)).toEqual(paid.topics);
  });

  it('the desk and the settings: an ambassador edited, the settings saved, a task created, an API key made', async () => {
    const edited = await publishedBy(() => admin.patch(`/api/admin/ambassadors/${amb.ambassadorId}`, { badgeLevel: 'gold' }));
    expect(edited.result.status).toBe(200);
    expect(edited.topics).toEqual(['activity', 'ambassadors', 'leaderboard', 'me']);
    expect(edited.me).toContain(ambUserId);

    const settings = await publishedBy(() => admin.patch('/api/super-admin/settings', { reportSubmissionEnabled: true }));
    expect(settings.result.status).toBe(200);
    expect(settings.topics).toEqual(['activity', 'settings']);

    const task = await publishedBy(() =>
      admin.post('/api/admin/tasks', {
        title: 'Topic task',
        description: 'Say hello',
        kind: 'manual',
        params: {},
        gcmReward: '5',
        usdtReward: '0',
        period: 'once',
      }),
    );
    expect(task.result.status, task.result.text).toBe(201);
    // Creating a task is an admin action: its activity-log row is the activity topic.
    expect(task.topics).toEqual(['activity', 'tasks']);

    const key = await publishedBy(() => admin.post('/api/admin/api-keys', { name: 'Topic key', scopes: ['read:applications'] }));
    expect(key.result.status, key.result.text).toBe(201);
    expect(key.topics).toEqual(['activity', 'integrations']);
  });

  it('a notification read is the person’s own; a sign-in changes nothing anyone is shown', async () => {
    const list = await amb.client.get('/api/notifications');
    const first = (list.body as { id: string }[])[0];
    expect(first).toBeDefined();
    const read = await publishedBy(() => amb.client.post('/api/notifications/read', { ids: [first?.id] }));
    expect(read.result.status).toBeLessThan(300);
    expect(read.topics).toEqual(['me']);
    expect(read.me).toEqual([ambUserId]);
    const signIn = await publishedBy(() => new ApiClient(server).login(amb.email, amb.password));
    expect(signIn.topics).toEqual([]);
  });

  it('the seasons job: a month’s terms, its freeze and its close publish the seasons and the log, the close the prizes too', async () => {
    await credit(server, amb.ambassadorId, 'GCM', '80.00');
    // November's terms, fixed by the job's step (a month seen first).
    const terms = await publishedBy(() => ensureSeason(server.ctx, '2026-11'));
    expect(terms.topics).toEqual(['log', 'seasons', 'stats']);

    server.clock.set('2026-11-01T00:00:30Z');
    const frozen = await publishedBy(() => runSeasonsJob(server.ctx));
    expect(frozen.result.frozen).toEqual(['2026-10']);
    // The month, its entrants, its entries (frozen, the month's summary), each entrant told (a notification).
    expect(frozen.topics).toEqual(['log', 'me', 'seasons', 'stats']);
    expect(frozen.me).toContain(ambUserId);

    const at = (await new ApiClient(server).get('/api/public/seasons/2026-10')).body as { beacon: { at: string } };
    server.clock.set(new Date(Date.parse(at.beacon.at) + 5_000));
    const closed = await publishedBy(() => runSeasonsJob(server.ctx));
    expect(closed.result.closed).toEqual(['2026-10']);
    // The prizes are credits: the champion's ledger and record, the board and the programme's totals.
    expect(closed.topics).toEqual(['ambassadors', 'leaderboard', 'log', 'me', 'seasons', 'stats']);
    expect(closed.me).toContain(ambUserId);
  });

  it('has published every topic of DECISIONS §6 somewhere above', () => {
    expect([...heard].sort()).toEqual([...LIVE_TOPICS].sort());
  });
});
