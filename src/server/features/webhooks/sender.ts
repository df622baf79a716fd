/**
 * The webhook sender (DECISIONS §7): delivers the outbox's deliveries, at least once, in order per
 * endpoint, from any number of instances.
 * - An instance claims due deliveries with one UPDATE over a `FOR UPDATE SKIP LOCKED` selection and
 *   a lease (`locked_until`): each attempt is made by one instance; one that dies mid-attempt leaves
 *   a lease that runs out, and the delivery is tried again (at least once).
 * - Only an endpoint's oldest pending delivery is due: a later event waits while an earlier one is
 *   retried, so a receiver gets them in the order of the changes.
 * - At most MAX_IN_FLIGHT attempts at once per instance, each within TIMEOUT_MS: a slow or hanging
 *   receiver holds a slot, never a request of the product; nothing is held in memory beyond the
 *   claimed rows, however many events wait.
 * - 2xx: delivered. 410: the endpoint is turned off at once. Else retried after WEBHOOK_RETRY_SECONDS
 *   (one wait per retry), then failed for good; an endpoint whose deliveries have failed without a
 *   success for FAILING_DISABLE_MS is turned off. Either way every admin is emailed.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { sealKeys, unseal, type SealKeys } from '../../auth/sealed.ts';
import type { AppContext } from '../../context.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { webhookOffEmail } from '../../email/templates.ts';
import { webhookHeaders } from './signing.ts';
import { postJson, targetAgents, type PostResult } from './target.ts';

/** Attempts in flight at once, per instance. */
export const MAX_IN_FLIGHT = 16;
/** An attempt's whole exchange (connect, send, answer) must end within this. */
export const TIMEOUT_MS = 10_000;
/** An attempt's lease: longer than any attempt, so no second instance takes a delivery still being tried. */
const LEASE_MS = TIMEOUT_MS + 50_000;
const POLL_MS = 1_000;
/** An endpoint whose deliveries have failed this long without one success is turned off. */
export const FAILING_DISABLE_MS = 5 * 86_400_000;

export interface WebhookSender {
  /** Look for due deliveries now (after a commit that wrote an event). */
  kick(): void;
  /** Makes every attempt that is due (and the ones they make due), until none is left; resolves with how many were made. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  attempts: number;
  lockedUntil: Date;
  endpointId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  rotatingUntil: Date | null;
  eventId: string;
  body: string;
}

/** A sender that sends nothing, for tools that open the database without serving (the bench): events wait in the outbox. */
export const inertWebhookSender: WebhookSender = {
  kick() {},
  drain: () => Promise.resolve(0),
  start() {},
  stop: () => Promise.resolve(),
};

export function createWebhookSender(ctx: AppContext, options: { pollMs?: number } = {}): WebhookSender {
  const { db, clock, log, config } = ctx;
  const agents = targetAgents(config.webhooks.allowPrivate, MAX_IN_FLIGHT);
  const keys: SealKeys = sealKeys(config);
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let made = 0;
  /** Claims run one after another, so two never both see the same free slots. */
  let claiming: Promise<unknown> = Promise.resolve();

  async function claim(limit: number): Promise<Claimed[]> {
    const now = clock.now();
    const at = now.toISOString();
    const lease = new Date(now.getTime() + LEASE_MS);
    const claimed = await db
      .update(webhookDeliveries)
      .set({ lockedUntil: lease, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(
        sql`${webhookDeliveries.id} in (select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
          where d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz and (d.locked_until is null or d.locked_until < ${at}::timestamptz)
            and not exists (select 1 from webhook_deliveries p where p.endpoint_id = d.endpoint_id and p.status = 'pending' and p.seq < d.seq)
          order by d.seq limit ${limit} for update of d skip locked)`,
      )
      .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts, lockedUntil: webhookDeliveries.lockedUntil });
    if (!claimed.length) return [];
    const rows = await db
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        rotatingUntil: webhookEndpoints.rotatingUntil,
        eventId: webhookEvents.id,
        body: webhookEvents.body,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(
        inArray(
          webhookDeliveries.id,
          claimed.map((c) => c.id),
        ),
      );
    const byId = new Map(claimed.map((c) => [c.id, c]));
    return rows.flatMap((row) => {
      const lease = byId.get(row.id);
      return lease?.lockedUntil ? [{ ...row, attempts: lease.attempts, lockedUntil: lease.lockedUntil }] : [];
    });
  }

  /** The secrets that sign now: the current one, and the previous one while a rotation lasts. */
  function secretsOf(row: Claimed, now: Date): string[] {
    const secrets = [unseal(keys, row.secret, 'webhook')];
    if (row.previousSecret && row.rotatingUntil && row.rotatingUntil.getTime() > now.getTime()) secrets.push(unseal(keys, row.previousSecret, 'webhook'));
    return secrets;
  }

  async function attempt(row: Claimed): Promise<void> {
    const at = clock.now();
    const started = performance.now();
    let result: PostResult;
    if (config.webhooks.httpsOnly && !row.url.startsWith('https://')) {
      result = { status: null, response: 'refused: not https' };
    } else {
      let secrets: string[] | undefined;
      try {
        secrets = secretsOf(row, at);
      } catch (error) {
        log.error({ endpointId: row.endpointId, err: error instanceof Error ? error.message : String(error) }, 'a webhook secret could not be opened');
      }
      // webhook-timestamp is the receiver's time: the real clock (TEST_CLOCK_OFFSET never moves it).
      const timestamp = Math.floor(clock.real().getTime() / 1000);
      result = secrets
        ? await postJson(row.url, webhookHeaders(secrets, row.eventId, timestamp, row.body), row.body, {
            timeoutMs: TIMEOUT_MS,
            allowPrivate: config.webhooks.allowPrivate,
            agent: agents,
          })
        : { status: null, response: 'failed: the signing secret cannot be opened (DATA_ENCRYPTION_KEY)' };
    }
    await settle(row, result, at, Math.round(performance.now() - started));
  }

  async function settle(row: Claimed, result: PostResult, at: Date, durationMs: number): Promise<void> {
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const gone = result.status === 410;
    const now = clock.now();
    const wait = config.webhooks.retryMs[row.attempts - 1];
    const nextRetryAt = !ok && !gone && wait !== undefined ? new Date(now.getTime() + wait) : null;
    await withTransaction(ctx, null, async (m) => {
      // The super admin's delivery log (and the endpoint's state) shows each attempt as it is made.
      m.changed('integrations');
      await m.tx.insert(webhookAttempts).values({ deliveryId: row.id, at, status: result.status, response: result.response, durationMs, nextRetryAt });
      await m.tx
        .update(webhookDeliveries)
        .set(
          ok
            ? { status: 'delivered', lockedUntil: null }
            : nextRetryAt
              ? { status: 'pending', nextAttemptAt: nextRetryAt, lockedUntil: null }
              : { status: 'failed', lockedUntil: null },
        )
        .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.lockedUntil, row.lockedUntil)));
      if (ok) {
        await m.tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(and(eq(webhookEndpoints.id, row.endpointId), isNotNull(webhookEndpoints.failingSince)));
        return;
      }
      const [endpoint] = await m.tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
        .where(eq(webhookEndpoints.id, row.endpointId))
        .returning();
      if (!endpoint?.enabled) return;
      if (gone) await turnOff(m, endpoint.id, endpoint.url, 'gone');
      else if (endpoint.failingSince && now.getTime() - endpoint.failingSince.getTime() >= FAILING_DISABLE_MS)
        await turnOff(m, endpoint.id, endpoint.url, 'failing');
    });
    made++;
  }

  async function turnOff(m: Mutation, id: string, url: string, reason: 'gone' | 'failing'): Promise<void> {
    await m.tx.update(webhookEndpoints).set({ enabled: false, disabledReason: reason }).where(eq(webhookEndpoints.id, id));
    log.warn({ endpointId: id, reason }, 'a webhook endpoint was turned off');
    // Every admin is told, in the transaction that turns it off.
    const admins = await m.tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.isAdmin, true));
    const days = Math.round(FAILING_DISABLE_MS / 86_400_000);
    for (const admin of admins) {
      await m.email(admin.email, webhookOffEmail({ name: admin.fullName ?? admin.email, url, reason, days, at: m.now.toISOString(), appUrl: config.appUrl }));
    }
  }

  function launch(row: Claimed): void {
    const running: Promise<void> = attempt(row)
      .catch((error: unknown) => {
        // Not recorded (the database is away): the lease runs out and the delivery is tried again.
        log.warn({ deliveryId: row.id, err: error instanceof Error ? error.message : String(error) }, 'a webhook attempt could not be recorded');
      })
      .finally(() => {
        inFlight.delete(running);
        if (!stopped) kick();
      });
    inFlight.add(running);
  }

  /** Claims as many due deliveries as there are free slots and starts them; answers how many. */
  function pump(): Promise<number> {
    const next = claiming.then(async () => {
      const free = MAX_IN_FLIGHT - inFlight.size;
      if (free <= 0) return 0;
      const rows = await claim(free);
      for (const row of rows) launch(row);
      return rows.length;
    });
    claiming = next.catch(() => undefined);
    return next;
  }

  function kick(): void {
    void pump().catch((error: unknown) => {
      // The database may be briefly away; the next poll tries again.
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'webhook outbox poll failed');
    });
  }

  return {
    kick() {
      if (!stopped) kick();
    },
    async drain() {
      const before = made;
      for (;;) {
        const started = await pump();
        if (!started && !inFlight.size) return made - before;
        if (inFlight.size) await Promise.race(inFlight);
      }
    },
    start() {
      stopped = false;
      timer = setInterval(kick, options.pollMs ?? POLL_MS);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await claiming.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
