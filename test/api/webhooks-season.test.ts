/**
 * Webhooks through a month's close (DECISIONS §7; issue 45): the receiver is down while the product
 * freezes and closes October by itself (the seasons job, a drand relay of the test's own), then comes
 * back. Every event of the close arrives once or more, with one id each, in the order of the changes,
 * and verifies with `standardwebhooks` at the receiver's time (its clock agrees with the server's,
 * which the test has moved to November 2026).
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import type { DrandRelay } from '../helpers/drand-relay.ts';
import { createAmbassador, credit } from '../helpers/factories.ts';
import type { TestServer } from '../helpers/server.ts';
import { startDrawServer } from './draw-server.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

interface Body {
  type: string;
  timestamp: string;
  data: { seq?: number; kind?: string; month?: string; status?: string; log?: { seq: number } };
}

describe.each(DATABASE_KINDS)('webhooks through a month’s close (%s)', (kind) => {
  let server: TestServer;
  let relay: DrandRelay;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ({ server, relay } = await startDrawServer({ kind, at: '2026-10-20T12:00:00Z', env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '5,5' } }));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
    await receiver?.close();
  });

  /** Verified by the reference implementation at the receiver's time, which is the server's. */
  function verified(secret: string, received: ReceivedWebhook): Body {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(server.clock.real());
    try {
      return new Webhook(secret).verify(received.body, {
        'webhook-id': received.id,
        'webhook-timestamp': received.timestamp,
        'webhook-signature': received.signature,
      }) as Body;
    } finally {
      vi.useRealTimers();
    }
  }

  it('the receiver down during the freeze and the close, then back: every event once or more, one id each, in order', async () => {
    const admin = await superAdminClient(server);
    const made = await admin.post('/api/admin/webhooks', { url: `${receiver.url}/season`, events: ['season.frozen', 'season.closed', 'log.appended'] });
    expect(made.status).toBe(201);
    const champion = await createAmbassador(server, { admin, fullName: 'Cleo Champion' });
    await credit(server, champion.ambassadorId, 'GCM', '80.00');

    await receiver.down();
    // October ends: the job freezes it; its round is published: the job closes it.
    server.clock.set('2026-11-01T00:00:30Z');
    expect((await runSeasonsJob(server.ctx)).frozen).toEqual(['2026-10']);
    await server.ctx.webhooks.drain();
    const frozen = (await new ApiClient(server).get('/api/public/seasons/2026-10')).body as { beacon: { at: string } };
    server.clock.set(new Date(Date.parse(frozen.beacon.at) + 5_000));
    expect((await runSeasonsJob(server.ctx)).closed).toEqual(['2026-10']);
    await server.ctx.webhooks.drain();
    expect(receiver.received.filter((r) => r.path === '/hook/season')).toEqual([]);

    await receiver.up();
    server.clock.advance(5_000);
    await server.ctx.webhooks.drain();
    const got = receiver.received.filter((r) => r.path === '/hook/season');
    const bodies = got.map((r) => verified(made.body.secret, r));
    // One body per id, every id first seen in the order of the changes.
    const firstSeen = new Map<string, Body>();
    for (const [i, r] of got.entries()) {
      const seen = firstSeen.get(r.id);
      if (seen) expect(r.body).toBe(got.find((g) => g.id === r.id)?.body);
      else firstSeen.set(r.id, bodies[i] as Body);
    }
    const events = [...firstSeen.values()];
    const types = events.map((e) => e.type);
    expect(types).toContain('season.frozen');
    expect(types).toContain('season.closed');
    expect(types.indexOf('season.frozen')).toBeLessThan(types.indexOf('season.closed'));
    expect(events.find((e) => e.type === 'season.frozen')?.data).toMatchObject({ month: '2026-10', status: 'frozen' });
    expect(events.find((e) => e.type === 'season.closed')?.data).toMatchObject({ month: '2026-10', status: 'closed' });
    // Every log entry of the close, each once, in the log's order, and the season events right after theirs.
    const seqs = events.filter((e) => e.type === 'log.appended').map((e) => e.data.seq ?? 0);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    const kinds = events.filter((e) => e.type === 'log.appended').map((e) => e.data.kind);
    expect(kinds).toEqual(expect.arrayContaining(['season.frozen', 'month.summary', 'season.closed']));
    const logged = await new ApiClient(server).get('/api/public/log?after=0&limit=500');
    const entries = (logged.body as { entries: { seq: number }[] }).entries;
    const closeSeqs = entries.map((e) => e.seq).filter((seq) => seq >= (seqs[0] ?? 0));
    expect(seqs).toEqual(closeSeqs);
  });
});
