/**
 * Webhooks from two instances of the product on one PostgreSQL database (DECISIONS §7): both
 * senders run on their own timers and claim deliveries from the same outbox; each attempt is made
 * by one of them (a receiver that answers 2xx gets each event exactly once), in order per endpoint;
 * an event written by one instance while the other is gone is delivered by the one left (the
 * outbox survives a process).
 */
import { eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { webhookAttempts, webhookDeliveries } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { uniqueEmail, validApplication } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '1,1,1', APPLICATIONS_PER_HOUR: '1000' };

describe.runIf(DATABASE_KINDS.includes('postgres'))('webhooks from two instances on one PostgreSQL database', () => {
  let shared: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    shared = await createTestDatabase('postgres');
    first = await startTestServer({ kind: 'postgres', database: shared, env: ENV });
    const database = await openDatabase({ databaseUrl: shared.url });
    second = await startTestServer({ kind: 'postgres', database: { database, url: shared.url }, mail: first.mail, env: ENV });
  });
  afterAll(async () => {
    await second?.close();
    await second?.database.close();
    await first?.close();
    await shared?.drop();
    await receiver?.close();
  });

  it('delivers each event once per attempt, in order, whichever instance wrote it or sends it', async () => {
    const admin = await new ApiClient(first).superAdminLogin();
    const made = await admin.post('/api/admin/webhooks', { url: `${receiver.url}/both`, events: ['application.created'] });
    expect(made.status).toBe(201);
    const emails = Array.from({ length: 30 }, (_, i) => uniqueEmail(`two${i}`));
    // Written by both instances, one after the other (the order of the changes).
    for (const [i, email] of emails.entries()) {
      const answer = await new ApiClient(i % 2 ? second : first).post('/api/applications', validApplication({ email }));
      expect(answer.status).toBe(201);
    }
    // Both senders poll on their own; and both are asked at once too.
    await Promise.all([first.ctx.webhooks.drain(), second.ctx.webhooks.drain()]);
    await receiver.waitFor((got) => new Set(got.filter((r) => r.path === '/hook/both').map((r) => r.id)).size === emails.length, 'every event');
    const got = receiver.received.filter((r) => r.path === '/hook/both');
    const hook = new Webhook(made.body.secret);
    const bodies = got.map(
      (r) => hook.verify(r.body, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature }) as { data: { email: string } },
    );
    // Exactly once each (every answer was 204), in the order of the changes.
    expect(got).toHaveLength(emails.length);
    expect(bodies.map((b) => b.data.email)).toEqual(emails);
    const deliveries = await first.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, made.body.id));
    expect(deliveries.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    const attempts = await first.db
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          deliveries.map((d) => d.id),
        ),
      );
    expect(attempts).toHaveLength(emails.length);
  });

  it('an event written by an instance whose sender has stopped is delivered by the other (the outbox outlives a process)', async () => {
    const admin = await new ApiClient(second).superAdminLogin();
    const made = await admin.post('/api/admin/webhooks', { url: `${receiver.url}/left`, events: ['application.created'] });
    await first.ctx.webhooks.stop();
    const email = uniqueEmail('left');
    expect((await new ApiClient(first).post('/api/applications', validApplication({ email }))).status).toBe(201);
    await receiver.waitFor((got) => got.some((r) => r.path === '/hook/left'), 'the event written by the stopped instance');
    const bodies = receiver.received.filter((r) => r.path === '/hook/left').map((r) => JSON.parse(r.body) as { data: { email: string } });
    expect(bodies.map((b) => b.data.email)).toEqual([email]);
    expect(made.status).toBe(201);
  });
});
