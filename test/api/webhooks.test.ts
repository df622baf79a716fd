/**
 * Webhooks out (DECISIONS §7, Webhooks and API keys; issue 45), against a receiver of the test's own
 * on loopback (WEBHOOK_ALLOW_PRIVATE=true) whose every request is checked with `standardwebhooks`,
 * the spec's reference implementation (not this product's code):
 * - the endpoints' management: the secret shown once, bad input refused with its field, each change
 *   in the activity log;
 * - every event type the product writes, from the change that causes it, verified;
 * - written in the change's transaction: a change that rolls back has none;
 * - the receiver down, then back: every event arrives once or more, with one id each, in order;
 * - retries on WEBHOOK_RETRY_SECONDS while a later event waits, failed for good after the last;
 * - a rotation signs with both secrets; 410 turns the endpoint off at once and every admin is told;
 *   failing for days turns it off; replay and 'Send test event';
 * - targets on loopback refused when private addresses are not allowed, after DNS.
 * The two instances' test is in webhooks-instances.test.ts.
 */
import { eq, like } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/server/db/schema.ts';
import { createWebhook, resealWebhookSecrets } from '../../src/server/features/webhooks/service.ts';
import { SealError, sealKeys, unseal } from '../../src/server/auth/sealed.ts';
import { postJson } from '../../src/server/features/webhooks/target.ts';
import { TIMEOUT_MS } from '../../src/server/features/webhooks/sender.ts';
import { withTransaction } from '../../src/server/mutation.ts';
import { loadConfig } from '../../src/server/config.ts';
import { WEBHOOK_LOG_KEEP_DAYS, housekeeping } from '../../src/server/housekeeping.ts';
import { AppError } from '../../src/server/errors.ts';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/schemas/integrations.ts';
import { ApiClient } from '../helpers/client.ts';
import { ageAccounts, createAdmin, createAmbassador, credit, uniqueEmail, validApplication, validReport } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A } from '../helpers/wallets.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const RETRIES = [5, 5, 5];
const FIRST_RETRY_MS = 5_000;

/** The value, or the test fails here. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

describeEachDatabase('webhooks (%s)', { env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: RETRIES.join(',') } }, ({ server, superAdmin }) => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => receiver?.close());

  /** A new endpoint at the receiver (its own path, so each test reads only its own requests). */
  async function endpoint(events: readonly string[] = WEBHOOK_EVENT_TYPES, path = uniqueEmail('hook').split('@')[0] ?? 'hook') {
    const made = await superAdmin.post('/api/admin/webhooks', { url: `${receiver.url}/${path}`, events, description: 'CRM' });
    expect(made.status, made.text).toBe(201);
    const mine = (): ReceivedWebhook[] => receiver.received.filter((r) => r.path === `/hook/${path}`);
    const waitForOne = () => receiver.waitFor((got) => got.some((r) => r.path === `/hook/${path}`), `a request at /hook/${path}`);
    return { id: made.body.id as string, secret: made.body.secret as string, path, mine, waitForOne };
  }

  /** Verified by the reference implementation, with this secret; answers the parsed body. */
  function verified(secret: string, received: ReceivedWebhook): { type: string; timestamp: string; data: Record<string, unknown> } {
    return new Webhook(secret).verify(received.body, {
      'webhook-id': received.id,
      'webhook-timestamp': received.timestamp,
      'webhook-signature': received.signature,
    }) as { type: string; timestamp: string; data: Record<string, unknown> };
  }

  const drain = () => server.ctx.webhooks.drain();

  /** `run` on a new endpoint of `events` whose receiver answers `status`; after it, however it ends, the receiver answers 204 again and the endpoint is deleted. */
  async function onEndpointAnswering(events: readonly string[], status: number | 'hang', run: (hook: Awaited<ReturnType<typeof endpoint>>) => Promise<void>) {
    const hook = await endpoint(events);
    receiver.answer(status);
    try {
      await run(hook);
    } finally {
      receiver.answer(204);
      await superAdmin.delete(`/api/admin/webhooks/${hook.id}`);
    }
  }

  it('keeps an endpoint: its secret shown once, bad input refused with the field, every change in the activity log', async () => {
    const made = await superAdmin.post('/api/admin/webhooks', { url: `${receiver.url}/manage`, events: ['report.decided', 'report.decided'] });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.body.secret.slice(6), 'base64')).toHaveLength(32);
    expect(made.body).toMatchObject({ url: `${receiver.url}/manage`, events: ['report.decided'], enabled: true, disabledReason: null, description: null });
    const id = made.body.id as string;

    const listed = await superAdmin.get('/api/admin/webhooks');
    expect(listed.body.find((w: { id: string }) => w.id === id)).toMatchObject({ id, events: ['report.decided'] });
    expect(listed.text).not.toContain(made.body.secret.slice(6));
    expect((await superAdmin.get(`/api/admin/webhooks/${id}`)).body.id).toBe(id);

    const patched = await superAdmin.patch(`/api/admin/webhooks/${id}`, { events: ['report.decided', 'withdrawal.paid'], enabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: ['report.decided', 'withdrawal.paid'], enabled: false, disabledReason: 'manual' });

    const before = (await superAdmin.get('/api/admin/webhooks')).body.length;
    for (const [body, field] of [
      [{ url: 'ftp://example.com/x', events: ['report.decided'] }, 'url'],
      [{ url: 'not a url', events: ['report.decided'] }, 'url'],
      [{ url: `${receiver.url}/x`, events: [] }, 'events'],
      [{ url: `${receiver.url}/x`, events: ['report.exploded'] }, 'events.0'],
    ] as const) {
      const refused = await superAdmin.post('/api/admin/webhooks', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    // In production a target must be https: 400 naming the url, nothing stored.
    const production = { ...server.ctx, config: { ...server.ctx.config, webhooks: { ...server.ctx.config.webhooks, httpsOnly: true } } };
    const actor = { id: 'x', email: 'super@example.com', username: null, fullName: null, isAdmin: true, isSuperAdmin: true, mfaEnabled: false, locale: null };
    const http = await createWebhook(production, actor, { url: 'http://example.com/hook', events: ['report.decided'] }).catch((e: unknown) => e);
    expect(http).toBeInstanceOf(AppError);
    expect((http as AppError).errors).toEqual([{ path: 'url', message: 'URL must start with https://' }]);
    expect((await superAdmin.get('/api/admin/webhooks')).body.length).toBe(before);

    const rotated = await superAdmin.post(`/api/admin/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(made.body.secret);
    expect((await superAdmin.delete(`/api/admin/webhooks/${id}`)).status).toBe(200);
    expect((await superAdmin.get(`/api/admin/webhooks/${id}`)).status).toBe(404);
    expect((await superAdmin.delete(`/api/admin/webhooks/${id}`)).status).toBe(404);

    const log = (await superAdmin.get('/api/super-admin/actions?limit=50')).body as { action: string; targetId: string }[];
    const mine = log.filter((a) => a.targetId === id).map((a) => a.action);
    expect(mine).toEqual(['delete_webhook', 'rotate_webhook_secret', 'update_webhook', 'create_webhook']);
    expect(JSON.stringify(log)).not.toContain(made.body.secret.slice(6));
  });

  it('sends every event type the product writes, from its change, signed so the reference implementation verifies it', async () => {
    const hook = await endpoint();
    try {
      await everyEvent(hook);
    } finally {
      await superAdmin.delete(`/api/admin/webhooks/${hook.id}`);
    }
  });

  async function everyEvent(hook: Awaited<ReturnType<typeof endpoint>>): Promise<void> {
    const adminB = await createAdmin(server, { superAdmin, fullName: 'Hook Admin B' });
    await ageAccounts(server, [adminB.email, 'super@example.com']);

    // application.created, application.decided (approved)
    const amb = await createAmbassador(server, { admin: superAdmin });
    // application.created, application.decided (rejected)
    const applied = await new ApiClient(server).post('/api/applications', validApplication({ email: uniqueEmail('rejected') }));
    expect((await superAdmin.post(`/api/admin/applications/${applied.body.id}/reject`, { reasonCode: 'other', facts: 'Not now.' })).status).toBe(200);
    // report.submitted, report.decided, appeal.decided
    const report = await amb.client.post('/api/reports', validReport());
    expect(report.status, report.text).toBe(201);
    expect((await superAdmin.post(`/api/admin/reports/${report.body.id}/review`, { status: 'rejected', reasonCode: 'other', facts: 'No links.' })).status).toBe(
      200,
    );
    const appeal = await amb.client.post(`/api/reports/${report.body.id}/appeal`, { text: 'The links are in the text.' });
    expect(appeal.status, appeal.text).toBe(201);
    expect((await adminB.client.post(`/api/admin/appeals/${appeal.body.id}/decide`, { outcome: 'upheld' })).status).toBe(200);
    // withdrawal.requested, withdrawal.decided, withdrawal.paid (and log.appended: payout.paid)
    await credit(server, amb.ambassadorId, 'USDT', '100.00');
    const withdrawal = await amb.client.post('/api/withdrawal-requests', { amount: '60.00', walletAddress: WALLET_A });
    expect(withdrawal.status, withdrawal.text).toBe(201);
    expect((await superAdmin.post(`/api/admin/withdrawals/${withdrawal.body.id}/approve`, {})).status).toBe(200);
    const txHash = `0x${'ab'.repeat(32)}`;
    expect((await superAdmin.post('/api/admin/withdrawals/paid', { ids: [withdrawal.body.id], txHash })).status).toBe(200);

    await drain();
    const got = hook.mine();
    const bodies = got.map((r) => verified(hook.secret, r));
    // One id each, and every attempt verified.
    expect(new Set(got.map((r) => r.id)).size).toBe(got.length);
    const types = bodies.map((b) => b.type);
    for (const type of WEBHOOK_EVENT_TYPES.filter((t) => !['task.claimed', 'referral.credited', 'season.frozen', 'season.closed'].includes(t))) {
      expect(types, type).toContain(type);
    }
    const of = (type: string) => bodies.filter((b) => b.type === type).map((b) => b.data);
    expect(of('application.decided')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: amb.email, status: 'approved' }),
        expect.objectContaining({ id: applied.body.id, status: 'rejected', reasonCode: 'other' }),
      ]),
    );
    expect(of('report.submitted')).toEqual([expect.objectContaining({ id: report.body.id, status: 'pending' })]);
    expect(of('report.decided')).toEqual([expect.objectContaining({ id: report.body.id, status: 'rejected' })]);
    expect(of('appeal.decided')).toEqual([expect.objectContaining({ id: appeal.body.id, status: 'upheld' })]);
    expect(of('withdrawal.requested')).toEqual([expect.objectContaining({ id: withdrawal.body.id, status: 'pending', amount: '60.00' })]);
    expect(of('withdrawal.decided')).toEqual([expect.objectContaining({ id: withdrawal.body.id, status: 'approved' })]);
    expect(of('withdrawal.paid')).toEqual([expect.objectContaining({ id: withdrawal.body.id, txHash })]);
    expect(of('log.appended')).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'payout.paid', data: expect.objectContaining({ txHash }) })]));
    // In the order of the changes.
    const index = (type: string) => types.indexOf(type);
    expect(index('application.created')).toBeLessThan(index('application.decided'));
    expect(index('report.submitted')).toBeLessThan(index('report.decided'));
    expect(index('report.decided')).toBeLessThan(index('appeal.decided'));
    expect(index('withdrawal.requested')).toBeLessThan(index('withdrawal.decided'));
    expect(index('withdrawal.decided')).toBeLessThan(index('withdrawal.paid'));
    // Each body is {type, timestamp, data}; the timestamp is the change's.
    for (const body of bodies) expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type']);

    // The delivery log: each delivery once, delivered, its attempt's status.
    const log = await superAdmin.get(`/api/admin/webhooks/${hook.id}/deliveries?limit=200`);
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(got.length);
    expect(
      log.body.every(
        (d: { status: string; attempts: { status: number }[] }) => d.status === 'delivered' && d.attempts.length === 1 && d.attempts[0]?.status === 204,
      ),
    ).toBe(true);
  }

  it('writes an event in its change’s transaction: none for a change that rolls back', async () => {
    const hook = await endpoint(['application.created']);
    const email = uniqueEmail('rolled');
    const failed = withTransaction(server.ctx, null, async (m) => {
      await m.event('application.created', { id: 'never', email });
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    const kept = uniqueEmail('kept');
    await withTransaction(server.ctx, null, (m) => m.event('application.created', { id: 'kept', email: kept }));
    await drain();
    expect(hook.mine().map((r) => verified(hook.secret, r).data.email)).toEqual([kept]);
    expect(
      await server.db
        .select()
        .from(webhookEvents)
        .where(like(webhookEvents.body, `%${email}%`)),
    ).toEqual([]);
    expect(
      await server.db
        .select()
        .from(webhookEvents)
        .where(like(webhookEvents.body, `%${kept}%`)),
    ).toHaveLength(1);
    await superAdmin.delete(`/api/admin/webhooks/${hook.id}`);
  });

  it('receiver down, then back: every event once or more, one id each, in order; a later event waits for an earlier one being retried', async () => {
    const hook = await endpoint(['application.created']);
    await receiver.down();
    const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`down${i}`));
    for (const email of emails) expect((await new ApiClient(server).post('/api/applications', validApplication({ email }))).status).toBe(201);
    await drain();
    // Only the first was tried (refused), and it waits for its retry; the others wait behind it.
    const waiting = (await superAdmin.get(`/api/admin/webhooks/${hook.id}/deliveries`)).body as {
      status: string;
      createdAt: string;
      attempts: { status: number | null; nextRetryAt: string | null; response: string }[];
    }[];
    expect(waiting).toHaveLength(5);
    expect(waiting.every((d) => d.status === 'pending')).toBe(true);
    const oldest = waiting[4];
    expect(oldest?.attempts).toHaveLength(1);
    expect(oldest?.attempts[0]).toMatchObject({ status: null, response: expect.stringContaining('failed') });
    expect(Date.parse(oldest?.attempts[0]?.nextRetryAt ?? '') - Date.parse(waiting[4]?.createdAt ?? '')).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
    expect(waiting.slice(0, 4).every((d) => d.attempts.length === 0)).toBe(true);
    // Not due yet: nothing is tried.
    await drain();
    const still = (await superAdmin.get(`/api/admin/webhooks/${hook.id}/deliveries`)).body as { attempts: unknown[] }[];
    expect(still.map((d) => d.attempts.length)).toEqual([0, 0, 0, 0, 1]);
    expect(hook.mine()).toEqual([]);

    await receiver.up();
    server.clock.advance(FIRST_RETRY_MS);
    await drain();
    const got = hook.mine();
    const bodies = got.map((r) => verified(hook.secret, r));
    // Once or more each, one id each, in the order of the changes.
    const firstSeen = [...new Map(got.map((r, i) => [r.id, bodies[i]?.data.email])).values()];
    expect(firstSeen).toEqual(emails);
    for (const id of new Set(got.map((r) => r.id))) expect(new Set(got.filter((r) => r.id === id).map((r) => r.body)).size).toBe(1);
    await superAdmin.delete(`/api/admin/webhooks/${hook.id}`);
  });

  it('retries on WEBHOOK_RETRY_SECONDS, the same id each time, then fails for good and lets the next one go', async () => {
    await onEndpointAnswering(['application.created'], 500, async (hook) => {
      const first = uniqueEmail('retry1');
      const second = uniqueEmail('retry2');
      for (const email of [first, second]) await new ApiClient(server).post('/api/applications', validApplication({ email }));
      await drain();
      expect(hook.mine()).toHaveLength(1);
      for (const [i, wait] of RETRIES.entries()) {
        // Not due before its wait is over.
        await drain();
        expect(hook.mine()).toHaveLength(i + 1);
        server.clock.advance(wait * 1000);
        await drain();
        // The last retry fails for good, and the second delivery is tried at once.
        expect(hook.mine()).toHaveLength(i === RETRIES.length - 1 ? i + 3 : i + 2);
      }
      const got = hook.mine();
      expect(got).toHaveLength(RETRIES.length + 2);
      const firsts = got.slice(0, RETRIES.length + 1);
      expect(new Set(firsts.map((r) => r.id)).size).toBe(1);
      expect(firsts.map((r) => verified(hook.secret, r).data.email)).toEqual(firsts.map(() => first));
      expect(verified(hook.secret, must(got.at(-1))).data.email).toBe(second);
      const log = (await superAdmin.get(`/api/admin/webhooks/${hook.id}/deliveries`)).body as {
        status: string;
        nextAttemptAt: string | null;
        attempts: { status: number; response: string; nextRetryAt: string | null }[];
      }[];
      expect(log[1]).toMatchObject({ status: 'failed', nextAttemptAt: null });
      expect(log[1]?.attempts.map((a) => a.status)).toEqual([500, 500, 500, 500]);
      expect(log[1]?.attempts[0]).toMatchObject({ response: 'answer 500', nextRetryAt: null });
      expect(log[1]?.attempts[1]?.nextRetryAt).toEqual(expect.any(String));
      expect(log[0]).toMatchObject({ status: 'pending', nextAttemptAt: expect.any(String) });
      receiver.answer(204);
      server.clock.advance(FIRST_RETRY_MS);
      await drain();
      expect(verified(hook.secret, must(hook.mine().at(-1))).data.email).toBe(second);
      expect((await superAdmin.get(`/api/admin/webhooks/${hook.id}/deliveries`)).body[0].status).toBe('delivered');
    });
  });

  it('signs with both secrets during a rotation; replay sends the same id again; a test event goes to that endpoint only', async () => {
    const hook = await endpoint(['report.decided']);
    const rotated = await superAdmin.post(`/api/admin/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect((await superAdmin.get(`/api/admin/webhooks/${hook.id}`)).body.rotatingUntil).toBe(rotated.body.rotatingUntil);
    const sent = await superAdmin.post(`/api/admin/webhooks/${hook.id}/test`);
    expect(sent.status).toBe(202);
    await drain();
    const [test] = hook.mine();
    expect(test?.signature.split(' ')).toHaveLength(2);
    expect(verified(hook.secret, must(test)).type).toBe('webhook.test');
    expect(verified(rotated.body.secret, must(test)).type).toBe('webhook.test');
    expect(test?.id).toBe(sent.body.eventId);

    const [delivery] = (await superAdmin.get(`/api/admin/webhooks/${hook.id}/deliveries`)).body as { id: string }[];
    const replay = await superAdmin.post(`/api/admin/webhook-deliveries/${must(delivery).id}/replay`);
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ eventId: sent.body.eventId, status: 'pending', type: 'webhook.test' });
    await drain();
    expect(hook.mine().map((r) => r.id)).toEqual([sent.body.eventId, sent.body.eventId]);
    expect((await superAdmin.post('/api/admin/webhook-deliveries/7d3b2a52-0000-4000-8000-000000000000/replay')).status).toBe(404);

    // Once the rotation is over, only the new secret signs.
    await server.db.update(webhookEndpoints).set({ rotatingUntil: server.clock.now() }).where(eq(webhookEndpoints.id, hook.id));
    await superAdmin.post(`/api/admin/webhooks/${hook.id}/test`);
    await drain();
    const last = must(hook.mine().at(-1));
    expect(last.signature.split(' ')).toHaveLength(1);
    expect(verified(rotated.body.secret, last).type).toBe('webhook.test');
    expect(() => verified(hook.secret, last)).toThrow();
    const actions = ((await superAdmin.get('/api/super-admin/actions?limit=20')).body as { action: string; targetId: string }[]).filter(
      (a) => a.targetId === hook.id,
    );
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['rotate_webhook_secret', 'send_test_webhook', 'replay_webhook_delivery']));
    await superAdmin.delete(`/api/admin/webhooks/${hook.id}`);
  });

  it('turns an endpoint off at a 410 and tells every admin; resuming it sends what waited', async () => {
    await onEndpointAnswering(['application.created'], 410, async (hook) => {
      const seen = server.mail.messages.length;
      const email = uniqueEmail('gone');
      await new ApiClient(server).post('/api/applications', validApplication({ email }));
      await drain();
      const off = (await superAdmin.get(`/api/admin/webhooks/${hook.id}`)).body;
      expect(off).toMatchObject({ enabled: false, disabledReason: 'gone' });
      await server.flushEmail();
      const told = server.mail.messages.slice(seen).filter((m) => m.text.includes('410 Gone'));
      expect(told.map((m) => m.to).flat()).toEqual(expect.arrayContaining(['super@example.com']));
      // Off: later events are not queued for it, nothing is tried.
      const tried = hook.mine().length;
      await new ApiClient(server).post('/api/applications', validApplication({ email: uniqueEmail('gone2') }));
      await drain();
      expect(hook.mine()).toHaveLength(tried);
      const deliveries = await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id));
      expect(deliveries.map((d) => d.status)).toEqual(['failed']);
      receiver.answer(204);
      const resumed = await superAdmin.patch(`/api/admin/webhooks/${hook.id}`, { enabled: true });
      expect(resumed.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
      const replay = await superAdmin.post(`/api/admin/webhook-deliveries/${must(deliveries[0]).id}/replay`);
      expect(replay.status).toBe(201);
      await drain();
      expect(hook.mine().at(-1)?.type).toBe('application.created');
    });
  });

  it('gives up on a receiver that never answers after the time-out, while the product answers meanwhile, and retries it', async () => {
    await onEndpointAnswering(['report.decided'], 'hang', async (hook) => {
      await superAdmin.post(`/api/admin/webhooks/${hook.id}/test`);
      const draining = drain();
      // The product answers while the attempt hangs: the attempt holds a slot of the sender, not a request.
      await hook.waitForOne();
      expect((await superAdmin.get(`/api/admin/webhooks/${hook.id}`)).status).toBe(200);
      await draining;
      const [delivery] = (await superAdmin.get(`/api/admin/webhooks/${hook.id}/deliveries`)).body as {
        status: string;
        attempts: { status: number | null; response: string; durationMs: number; nextRetryAt: string | null }[];
      }[];
      expect(delivery?.status).toBe('pending');
      expect(delivery?.attempts).toHaveLength(1);
      expect(delivery?.attempts[0]).toMatchObject({
        status: null,
        response: `failed: no answer within ${TIMEOUT_MS / 1000} s`,
        nextRetryAt: expect.any(String),
      });
    });
  });

  it('keeps its secret sealed at rest, re-sealed with a new DATA_ENCRYPTION_KEY when the old one is kept as previous', async () => {
    const hook = await endpoint(['report.decided']);
    try {
      const stored = async () => must((await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id)))[0]).secret;
      const sealedNow = await stored();
      expect(sealedNow).toMatch(/^v1\./);
      expect(sealedNow).not.toContain(hook.secret.slice(6));
      expect(unseal(sealKeys(server.config), sealedNow, 'webhook')).toBe(hook.secret);
      const rotated = {
        ...server.config,
        dataEncryptionKey: 'a-brand-new-data-encryption-key-0123456789',
        dataEncryptionKeyPrevious: [server.config.sessionSecret],
      };
      expect((await resealWebhookSecrets({ ...server.ctx, config: rotated })).resealed).toBeGreaterThanOrEqual(1);
      const resealed = await stored();
      expect(unseal(sealKeys({ ...rotated, dataEncryptionKeyPrevious: [] }), resealed, 'webhook')).toBe(hook.secret);
      expect(() => unseal(sealKeys(server.config), resealed, 'webhook')).toThrow(SealError);
      // Back to the server's own key, so its sender signs again.
      await resealWebhookSecrets({ ...server.ctx, config: { ...server.config, dataEncryptionKeyPrevious: [rotated.dataEncryptionKey] } });
      await superAdmin.post(`/api/admin/webhooks/${hook.id}/test`);
      await drain();
      expect(verified(hook.secret, must(hook.mine().at(-1))).type).toBe('webhook.test');
    } finally {
      await superAdmin.delete(`/api/admin/webhooks/${hook.id}`);
    }
  });

  it('forgets events done with after WEBHOOK_LOG_KEEP_DAYS, never one still to be delivered', async () => {
    const done = await endpoint(['report.decided']);
    const waiting = await endpoint(['report.decided']);
    try {
      await superAdmin.post(`/api/admin/webhooks/${done.id}/test`);
      await drain();
      expect(done.mine()).toHaveLength(1);
      // The other endpoint is paused: its test event waits.
      await superAdmin.patch(`/api/admin/webhooks/${waiting.id}`, { enabled: false });
      await superAdmin.post(`/api/admin/webhooks/${waiting.id}/test`);
      const deliveriesOf = async (id: string) => server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
      expect(await deliveriesOf(waiting.id)).toHaveLength(1);
      await housekeeping(server.db, new Date(server.clock.now().getTime() + (WEBHOOK_LOG_KEEP_DAYS - 1) * 86_400_000));
      expect(await deliveriesOf(done.id)).toHaveLength(1);
      await housekeeping(server.db, new Date(server.clock.now().getTime() + (WEBHOOK_LOG_KEEP_DAYS + 1) * 86_400_000));
      expect(await deliveriesOf(done.id)).toEqual([]);
      expect((await deliveriesOf(waiting.id)).map((d) => d.status)).toEqual(['pending']);
    } finally {
      // The housekeeping a month ahead ended the session too.
      await superAdmin.superAdminLogin();
      await superAdmin.delete(`/api/admin/webhooks/${done.id}`);
      await superAdmin.delete(`/api/admin/webhooks/${waiting.id}`);
    }
  });

  it('turns an endpoint off when its deliveries have failed for days, and tells every admin', async () => {
    await onEndpointAnswering(['application.created'], 503, async (hook) => {
      const seen = server.mail.messages.length;
      await new ApiClient(server).post('/api/applications', validApplication({ email: uniqueEmail('failing') }));
      await drain();
      expect((await superAdmin.get(`/api/admin/webhooks/${hook.id}`)).body).toMatchObject({ enabled: true, failingSince: expect.any(String) });
      server.clock.advance(5 * 86_400_000);
      await drain();
      await superAdmin.superAdminLogin();
      expect((await superAdmin.get(`/api/admin/webhooks/${hook.id}`)).body).toMatchObject({ enabled: false, disabledReason: 'failing' });
      await server.flushEmail();
      expect(server.mail.messages.slice(seen).some((m) => m.text.includes('failed for 5 days'))).toBe(true);
      const attempts = await server.db
        .select()
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(eq(webhookDeliveries.endpointId, hook.id));
      expect(attempts.map((a) => a.webhook_attempts.status)).toEqual([503, 503]);
    });
  });

  it('refuses loopback and private targets when they are not allowed, after DNS, and follows no redirect', async () => {
    // WEBHOOK_ALLOW_PRIVATE is refused in production.
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-session-secret-0123456789', EMAIL_TO_LOG: 'true' };
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE: 'true' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
    expect(loadConfig(production).webhooks).toMatchObject({ allowPrivate: false, httpsOnly: true });
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    for (const url of [
      `http://127.0.0.1:${port}/hook/x`,
      `http://localhost:${port}/hook/x`,
      `http://[::1]:${port}/hook/x`,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest',
    ]) {
      const result = await postJson(url, {}, '{}', { timeoutMs: 2_000, allowPrivate: false });
      expect(result.status, url).toBeNull();
      expect(result.response, url).toMatch(/^refused/);
    }
    expect(receiver.received.length).toBe(before);
    receiver.answer(302);
    try {
      const redirect = await postJson(`${receiver.url}/redirect`, {}, '{}', { timeoutMs: 2_000, allowPrivate: true });
      expect(redirect.status).toBe(302);
    } finally {
      receiver.answer(204);
    }
  });
});
