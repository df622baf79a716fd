/**
 * The webhook sender (DECISIONS §7): delivers the outbox's deliveries, at least once, in order per
 * endpoint, from any number of instances.
 * - An instance claims work an endpoint at a time: one statement takes, for up to the free slots'
 *   number of endpoints whose oldest pending delivery (the head) is due and free, the head and the
 *   next BATCH - 1 pending deliveries after it, under one lease (`locked_until`). The head is picked
 *   `FOR UPDATE SKIP LOCKED`, and no other delivery of an endpoint can be a head while it is
 *   pending, so one instance holds an endpoint at a time: each attempt is made by one instance. One
 *   that dies mid-batch leaves a lease that runs out, and the batch is tried again (at least once).
 * - A batch is POSTed in order, one at a time, over a kept-alive connection; the first answer that
 *   is not 2xx ends it (that delivery waits for its retry, the later ones behind it), and no attempt
 *   starts that could outlast the lease. Then one transaction records the batch: its attempts, each
 *   delivery's outcome (only under the lease it was claimed with), the ones not tried let go.
 * - At most MAX_IN_FLIGHT endpoints at once per instance, each with one attempt in flight within
 *   TIMEOUT_MS: a slow or hanging receiver holds a slot, never a request of the product; nothing is
 *   held in memory beyond the claimed rows (at most MAX_IN_FLIGHT × BATCH), however many events wait.
 *   The sender holds at most DB_SLOTS + 1 of the pool's connections, so public reads keep theirs.
 * - 2xx: delivered. 410: the endpoint is turned off at once. Else retried after WEBHOOK_RETRY_SECONDS
 *   (one wait per retry), then failed for good; an endpoint whose deliveries have failed without a
 *   success for FAILING_DISABLE_MS is turned off. Either way every admin is emailed.
 * - The live topic `integrations` (the delivery log) is published at most once per NOTICE_MS per
 *   sender, after the attempts it reports are recorded.
 * - The product's requests come first: while it is busy answering them, attempts give way (pacing.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { sealKeys, unseal, type SealKeys } from '../../auth/sealed.ts';
import type { AppContext } from '../../context.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { webhookOffEmail } from '../../email/templates.ts';
import { inertOutboxSender, outboxLoop, type OutboxSender } from '../outbox-loop.ts';
import { giveWay, serving } from './pacing.ts';
import { webhookHeaders } from './signing.ts';
import { postJson, targetAgents, type PostResult } from './target.ts';

/** Endpoints being sent to at once, per instance (each with one attempt in flight). */
export const MAX_IN_FLIGHT = 16;
/** Deliveries of one endpoint claimed (and recorded) together. */
export const BATCH = 200;
/** ... while the product is busy answering requests (its attempts are paced then: a big batch gains nothing, and its rows are parsed in one go). */
const BUSY_BATCH = 20;
/** An attempt's whole exchange (connect, send, answer) must end within this. */
export const TIMEOUT_MS = 10_000;
/** A batch's lease: no attempt starts unless it ends (TIMEOUT_MS) LEASE_SPARE_MS before the lease runs out. */
const LEASE_MS = 60_000;
const LEASE_SPARE_MS = 10_000;
/** Batches being recorded at once (each holds a pooled connection for its transaction). */
const DB_SLOTS = 2;
/** The live topic `integrations` is published at most once in this long. */
export const NOTICE_MS = 250;
/** An endpoint whose deliveries have failed this long without one success is turned off. */
export const FAILING_DISABLE_MS = 5 * 86_400_000;

/** An outbox loop (features/outbox-loop.ts) over endpoints' batches: `drain` answers the attempts made. */
export type WebhookSender = OutboxSender;

interface Claimed {
  id: string;
  seq: number;
  /** Attempts made before this claim. */
  attempts: number;
  nextAttemptAt: Date;
  endpointId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  rotatingUntil: Date | null;
  eventId: string;
  body: string;
}

/** A claimed row as the driver answers it (a bigint or a time may come as text). */
interface ClaimedRow {
  id: string;
  seq: string | number | bigint;
  attempts: number;
  next_attempt_at: string | Date;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  rotating_until: string | Date | null;
  event_id: string;
  body: string;
}

/** One endpoint's claimed deliveries, in order, under one lease. */
interface Batch {
  endpointId: string;
  lease: Date;
  /** performance.now() when claimed: the lease is measured from here. */
  claimedAt: number;
  rows: Claimed[];
}

interface Tried {
  row: Claimed;
  result: PostResult;
  at: Date;
  durationMs: number;
}

/** A sender that sends nothing, for tools that open the database without serving (the bench): events wait in the outbox. */
export const inertWebhookSender: WebhookSender = inertOutboxSender;

const isOk = (result: PostResult) => result.status !== null && result.status >= 200 && result.status < 300;

/** At most `size` of the tasks given to it run at once. */
function gate(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export function createWebhookSender(ctx: AppContext, options: { pollMs?: number } = {}): WebhookSender {
  const { db, clock, log, config } = ctx;
  const agents = targetAgents(config.webhooks.allowPrivate, MAX_IN_FLIGHT);
  const keys: SealKeys = sealKeys(config);
  const recording = gate(DB_SLOTS);
  /** Set by stop(): a batch being sent ends after its current attempt. */
  let stopped = true;
  let noticeTimer: NodeJS.Timeout | undefined;
  let noticing: Promise<void> = Promise.resolve();

  /** Up to `endpoints` endpoints' batches: each the due, free head and the pending deliveries after it. */
  async function claim(endpoints: number): Promise<Batch[]> {
    const now = clock.now();
    const at = now.toISOString();
    const lease = new Date(now.getTime() + LEASE_MS);
    const claimedAt = performance.now();
    // Each enabled endpoint's head is one probe of the pending index (however many deliveries wait);
    // the conditions are read again on the locked row, as another instance may have settled it meanwhile.
    const result = await db.execute(sql`with heads as (
        select d.endpoint_id, d.seq from webhook_deliveries d
        where d.id in (
            select h.id from webhook_endpoints e cross join lateral (
              select p.id from webhook_deliveries p where p.endpoint_id = e.id and p.status = 'pending' order by p.seq limit 1
            ) h where e.enabled
          )
          and d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz and (d.locked_until is null or d.locked_until < ${at}::timestamptz)
        order by d.seq limit ${endpoints} for update of d skip locked
      ), batch as (
        select b.id from heads h cross join lateral (
          select x.id from webhook_deliveries x where x.endpoint_id = h.endpoint_id and x.status = 'pending' and x.seq >= h.seq order by x.seq limit ${serving() ? BUSY_BATCH : BATCH}
        ) b
      )
      update webhook_deliveries d set locked_until = ${lease.toISOString()}::timestamptz
      from webhook_events ev, webhook_endpoints e
      where d.id in (select id from batch) and ev.id = d.event_id and e.id = d.endpoint_id
      returning d.id, d.seq, d.attempts, d.next_attempt_at, d.endpoint_id, e.url, e.secret, e.previous_secret, e.rotating_until, ev.id as event_id, ev.body`);
    const rows = (result as unknown as { rows: ClaimedRow[] }).rows;
    const batches = new Map<string, Batch>();
    for (const row of rows) {
      const claimed: Claimed = {
        id: row.id,
        seq: Number(row.seq),
        attempts: row.attempts,
        nextAttemptAt: new Date(row.next_attempt_at),
        endpointId: row.endpoint_id,
        url: row.url,
        secret: row.secret,
        previousSecret: row.previous_secret,
        rotatingUntil: row.rotating_until === null ? null : new Date(row.rotating_until),
        eventId: row.event_id,
        body: row.body,
      };
      const batch = batches.get(claimed.endpointId) ?? { endpointId: claimed.endpointId, lease, claimedAt, rows: [] };
      batch.rows.push(claimed);
      batches.set(claimed.endpointId, batch);
    }
    for (const batch of batches.values()) batch.rows.sort((a, b) => a.seq - b.seq);
    return [...batches.values()];
  }

  /** The secrets that sign now: the current one, and the previous one while a rotation lasts. */
  function secretsOf(row: Claimed, now: Date): string[] {
    const secrets = [unseal(keys, row.secret, 'webhook')];
    if (row.previousSecret && row.rotatingUntil && row.rotatingUntil.getTime() > now.getTime()) secrets.push(unseal(keys, row.previousSecret, 'webhook'));
    return secrets;
  }

  async function attempt(row: Claimed, secrets: string[] | undefined): Promise<PostResult> {
    if (config.webhooks.httpsOnly && !row.url.startsWith('https://')) return { status: null, response: 'refused: not https' };
    if (!secrets) return { status: null, response: 'failed: the signing secret cannot be opened (DATA_ENCRYPTION_KEY)' };
    // webhook-timestamp is the receiver's time: the real clock (TEST_CLOCK_OFFSET never moves it).
    const timestamp = Math.floor(clock.real().getTime() / 1000);
    return postJson(row.url, webhookHeaders(secrets, row.eventId, timestamp, row.body), row.body, {
      timeoutMs: TIMEOUT_MS,
      allowPrivate: config.webhooks.allowPrivate,
      agent: agents,
    });
  }

  /** Sends a batch in order until an answer is not 2xx (or the lease would not cover another attempt), then records it; answers the attempts made. */
  async function send(batch: Batch): Promise<number> {
    const [head] = batch.rows;
    if (!head) return 0;
    const tried: Tried[] = [];
    let secrets: string[] | undefined;
    try {
      // One endpoint: its secrets are opened once for the batch.
      secrets = secretsOf(head, clock.now());
    } catch (error) {
      log.error({ endpointId: batch.endpointId, err: error instanceof Error ? error.message : String(error) }, 'a webhook secret could not be opened');
    }
    for (const row of batch.rows) {
      await giveWay();
      const at = clock.now();
      if (row.nextAttemptAt.getTime() > at.getTime()) break;
      if (performance.now() - batch.claimedAt + TIMEOUT_MS > LEASE_MS - LEASE_SPARE_MS) break;
      const started = performance.now();
      const result = await attempt(row, secrets);
      tried.push({ row, result, at, durationMs: Math.round(performance.now() - started) });
      if (!isOk(result) || stopped) break;
    }
    await recording(() => settle(batch, tried));
    notice();
    return tried.length;
  }

  /** Records a batch in one transaction: its attempts, each delivery's outcome under the batch's lease, the rest let go. */
  async function settle(batch: Batch, tried: Tried[]): Promise<void> {
    const now = clock.now();
    const last = tried.at(-1);
    const failed = last && !isOk(last.result) ? last : undefined;
    const gone = failed?.result.status === 410;
    const wait = failed ? config.webhooks.retryMs[failed.row.attempts] : undefined;
    const nextRetryAt = failed && !gone && wait !== undefined ? new Date(now.getTime() + wait) : null;
    const outcomes = batch.rows.map((row, i) => {
      const attempt = tried[i];
      if (!attempt) return sql`(${row.id}::uuid, 'pending', 0, null::timestamptz)`;
      if (attempt !== failed) return sql`(${row.id}::uuid, 'delivered', 1, null::timestamptz)`;
      return nextRetryAt
        ? sql`(${row.id}::uuid, 'pending', 1, ${nextRetryAt.toISOString()}::timestamptz)`
        : sql`(${row.id}::uuid, 'failed', 1, null::timestamptz)`;
    });
    await withTransaction(ctx, null, async (m) => {
      // The delivery log hears of attempts by the coalesced notice (at most one per NOTICE_MS); an endpoint's own state at once.
      m.announcedLater(webhookAttempts, webhookDeliveries);
      // The endpoint's row first, then its deliveries: the order an admin's change takes (service.ts
      // lockEndpoint, then a delete's cascade to the deliveries), so the two queue instead of
      // deadlocking. An endpoint deleted meanwhile took its deliveries with it: nothing to record.
      const [held] = await m.tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, batch.endpointId))
        .for('no key update');
      if (!held) return;
      if (tried.length) {
        await m.tx.insert(webhookAttempts).values(
          tried.map((t) => ({
            deliveryId: t.row.id,
            at: t.at,
            status: t.result.status,
            response: t.result.response,
            durationMs: t.durationMs,
            nextRetryAt: t === failed ? nextRetryAt : null,
          })),
        );
      }
      await m.tx.execute(sql`update webhook_deliveries d
        set status = o.status, attempts = d.attempts + o.tried, next_attempt_at = coalesce(o.next, d.next_attempt_at), locked_until = null
        from (values ${sql.join(outcomes, sql`, `)}) as o(id, status, tried, next)
        where d.id = o.id and d.locked_until = ${batch.lease.toISOString()}::timestamptz`);
      if (!tried.length) return;
      if (!failed) {
        await m.tx.execute(sql`update webhook_endpoints set failing_since = null where id = ${batch.endpointId} and failing_since is not null`);
        return;
      }
      // A success in this batch ended the last failing spell: this failure starts a new one.
      const since = tried.length > 1 ? sql`${failed.at.toISOString()}::timestamptz` : sql`coalesce(failing_since, ${failed.at.toISOString()}::timestamptz)`;
      const [endpoint] = await m.tx.update(webhookEndpoints).set({ failingSince: since }).where(eq(webhookEndpoints.id, batch.endpointId)).returning();
      if (!endpoint?.enabled) return;
      if (gone) await turnOff(m, endpoint.id, endpoint.url, 'gone');
      else if (endpoint.failingSince && now.getTime() - endpoint.failingSince.getTime() >= FAILING_DISABLE_MS)
        await turnOff(m, endpoint.id, endpoint.url, 'failing');
    });
  }

  async function turnOff(m: Mutation, id: string, url: string, reason: 'gone' | 'failing'): Promise<void> {
    await m.tx.update(webhookEndpoints).set({ enabled: false, disabledReason: reason }).where(eq(webhookEndpoints.id, id));
    log.warn({ endpointId: id, reason }, 'a webhook endpoint was turned off');
    // The endpoint's state changed now (its row), not at the next coalesced notice.
    // Every admin is told, in the transaction that turns it off.
    const admins = await m.tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.isAdmin, true));
    const days = Math.round(FAILING_DISABLE_MS / 86_400_000);
    for (const admin of admins) {
      await m.email(admin.email, webhookOffEmail({ name: admin.fullName ?? admin.email, url, reason, days, at: m.now.toISOString(), appUrl: config.appUrl }));
    }
  }

  /** The super admin's delivery log shows the attempts as they are recorded: one `integrations` notice per NOTICE_MS at most. */
  function notice(): void {
    if (noticeTimer) return;
    noticeTimer = setTimeout(() => {
      noticeTimer = undefined;
      noticing = publishNotice();
    }, NOTICE_MS);
    noticeTimer.unref();
  }

  async function publishNotice(): Promise<void> {
    try {
      // The attempts and outcomes the batches recorded since the last notice (announced later there).
      await withTransaction(ctx, null, (m) => {
        m.wrote(webhookAttempts);
        return Promise.resolve();
      });
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the integrations notice could not be published');
    }
  }

  /** A batch's attempts, recorded; not recorded (the database is away): the lease runs out and the batch is tried again. */
  function run(batch: Batch): Promise<number> {
    return send(batch).catch((error: unknown) => {
      log.warn({ endpointId: batch.endpointId, err: error instanceof Error ? error.message : String(error) }, 'webhook attempts could not be recorded');
      return 0;
    });
  }

  const loop = outboxLoop(ctx, 'webhooks', claim, run, { pollMs: options.pollMs, maxInFlight: MAX_IN_FLIGHT });
  return {
    ...loop,
    start() {
      stopped = false;
      loop.start();
    },
    async stop() {
      stopped = true;
      await loop.stop();
      if (noticeTimer) {
        clearTimeout(noticeTimer);
        noticeTimer = undefined;
        noticing = publishNotice();
      }
      await noticing;
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
