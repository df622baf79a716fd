/**
 * Webhook endpoints (DECISIONS §7): the super admin's CRUD, secret rotation, the delivery log, a
 * replay and a test event. Each change is in the activity log. A secret is shown once (at creation
 * and rotation) and kept sealed (auth/sealed.ts).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  type TWebhookCreated,
  type TWebhookDeliveryView,
  type TWebhookView,
  type WebhookEventType,
} from '../../../shared/schemas/integrations.ts';
import { INTEGRATION_MESSAGES } from '../../../shared/schemas/messages.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/schemas/integrations.ts';
import { resealSecrets, seal, sealKeys } from '../../auth/sealed.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { withTransaction, type Changes } from '../../mutation.ts';
import { isUuid } from '../ids.ts';
import { recordWebhookEvent } from './events.ts';
import { newWebhookSecret } from './signing.ts';

/** After a rotation the previous secret signs beside the new one this long (receivers update theirs meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** Most endpoints a programme keeps; the list answers them all. */
const LIST_LIMIT = 100;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function eventsOf(row: Pick<EndpointRow, 'events'>): WebhookEventType[] {
  return row.events.filter((e): e is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
}

function present(row: EndpointRow, now: Date): TWebhookView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row),
    enabled: row.enabled,
    disabledReason: row.enabled ? null : (row.disabledReason ?? 'manual'),
    failingSince: row.failingSince?.toISOString() ?? null,
    rotatingUntil: row.rotatingUntil && row.rotatingUntil.getTime() > now.getTime() ? row.rotatingUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** In production a target must be https (400 naming the field); the address itself is checked at each send. */
function checkUrl(ctx: AppContext, url: string): void {
  if (ctx.config.webhooks.httpsOnly && !url.startsWith('https://')) throw badRequest(INTEGRATION_MESSAGES.urlNotHttps, 'url');
}

async function lockEndpoint(tx: AppContext['db'], id: string): Promise<EndpointRow> {
  if (!isUuid(id)) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  if (!row) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
  return row;
}

export async function createWebhook(
  ctx: AppContext,
  actor: SessionUser,
  input: { url: string; events: WebhookEventType[]; description?: string | undefined },
): Promise<TWebhookCreated> {
  checkUrl(ctx, input.url);
  const secret = newWebhookSecret();
  return withTransaction(ctx, actor, async (m) => {
    const [row] = await m.tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description || null,
        events: input.events,
        secret: seal(sealKeys(ctx.config), secret, 'webhook'),
        createdAt: m.now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await m.audit('create_webhook', { type: 'webhook', id: row.id }, `${row.url}: ${input.events.join(', ')}`);
    return { ...present(row, m.now), secret };
  });
}

export async function listWebhooks(ctx: AppContext): Promise<TWebhookView[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt)).limit(LIST_LIMIT);
  const now = ctx.clock.now();
  return rows.map((row) => present(row, now));
}

export async function getWebhook(ctx: AppContext, id: string): Promise<TWebhookView> {
  if (!isUuid(id)) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
  const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
  return present(row, ctx.clock.now());
}

/** Changes the events it wants, or pauses and resumes it (resuming clears why it was off and how long it failed). */
export async function updateWebhook(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  patch: { events?: WebhookEventType[] | undefined; enabled?: boolean | undefined },
): Promise<TWebhookView> {
  return withTransaction(ctx, actor, async (m) => {
    const row = await lockEndpoint(m.tx, id);
    const changes: Changes = {};
    const set: Partial<typeof webhookEndpoints.$inferInsert> = {};
    if (patch.events && patch.events.join() !== row.events.join()) {
      changes.events = [row.events, patch.events];
      set.events = patch.events;
    }
    if (patch.enabled !== undefined && patch.enabled !== row.enabled) {
      changes.enabled = [row.enabled, patch.enabled];
      set.enabled = patch.enabled;
      set.disabledReason = patch.enabled ? null : 'manual';
      if (patch.enabled) set.failingSince = null;
    }
    if (!Object.keys(set).length) return present(row, m.now);
    const [updated] = await m.tx.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, row.id)).returning();
    if (!updated) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
    await m.audit('update_webhook', { type: 'webhook', id: row.id }, row.url, changes);
    // Resumed: what waited for it is due now.
    if (patch.enabled) m.afterCommit(() => ctx.webhooks.kick());
    return present(updated, m.now);
  });
}

export async function deleteWebhook(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  await withTransaction(ctx, actor, async (m) => {
    const row = await lockEndpoint(m.tx, id);
    await m.tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
    // Events no endpoint delivers any more go with it.
    await m.tx.execute(sql`delete from webhook_events e where not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`);
    await m.audit('delete_webhook', { type: 'webhook', id: row.id }, row.url);
  });
}

/** A new secret, shown once; the previous one signs beside it for ROTATION_OVERLAP_MS. */
export async function rotateWebhookSecret(ctx: AppContext, actor: SessionUser, id: string): Promise<{ secret: string; rotatingUntil: string }> {
  const secret = newWebhookSecret();
  return withTransaction(ctx, actor, async (m) => {
    const row = await lockEndpoint(m.tx, id);
    const rotatingUntil = new Date(m.now.getTime() + ROTATION_OVERLAP_MS);
    await m.tx
      .update(webhookEndpoints)
      .set({ secret: seal(sealKeys(ctx.config), secret, 'webhook'), previousSecret: row.secret, rotatingUntil })
      .where(eq(webhookEndpoints.id, row.id));
    await m.audit('rotate_webhook_secret', { type: 'webhook', id: row.id }, row.url);
    return { secret, rotatingUntil: rotatingUntil.toISOString() };
  });
}

/** The delivery log of an endpoint: its latest deliveries, newest first, each with its attempts. */
export async function listDeliveries(
  ctx: AppContext,
  id: string,
  query: { limit: number; offset: number },
): Promise<{ items: TWebhookDeliveryView[]; total: number }> {
  await getWebhook(ctx, id);
  const rows = await ctx.db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      type: webhookEvents.type,
      status: webhookDeliveries.status,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(query.limit)
    .offset(query.offset);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id));
  const attempts = rows.length
    ? await ctx.db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(webhookAttempts.at))
    : [];
  const items = rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    attempts: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({
        at: a.at.toISOString(),
        status: a.status,
        response: a.response,
        durationMs: a.durationMs,
        nextRetryAt: a.nextRetryAt?.toISOString() ?? null,
      })),
  }));
  return { items, total: count?.n ?? 0 };
}

/** Sends a delivery's event to its endpoint once more, as a new delivery after the ones waiting (the same `webhook-id`). */
export async function replayDelivery(ctx: AppContext, actor: SessionUser, deliveryId: string): Promise<TWebhookDeliveryView> {
  if (!isUuid(deliveryId)) throw notFound(INTEGRATION_MESSAGES.deliveryNotFound);
  const replayed = await withTransaction(ctx, actor, async (m) => {
    const [original] = await m.tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (!original) throw notFound(INTEGRATION_MESSAGES.deliveryNotFound);
    const [row] = await m.tx
      .insert(webhookDeliveries)
      .values({ endpointId: original.endpointId, eventId: original.eventId, nextAttemptAt: m.now, createdAt: m.now })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await m.audit('replay_webhook_delivery', { type: 'webhook', id: original.endpointId }, `delivery ${original.id} of event ${original.eventId}`);
    m.afterCommit(() => ctx.webhooks.kick());
    return row;
  });
  const [type] = await ctx.db.select({ type: webhookEvents.type }).from(webhookEvents).where(eq(webhookEvents.id, replayed.eventId));
  return {
    id: replayed.id,
    eventId: replayed.eventId,
    type: type?.type ?? '',
    status: replayed.status,
    createdAt: replayed.createdAt.toISOString(),
    nextAttemptAt: replayed.nextAttemptAt.toISOString(),
    attempts: [],
  };
}

/** 'Send test event': a `webhook.test` event to this endpoint only, whatever it asked for. */
export async function sendTestEvent(ctx: AppContext, actor: SessionUser, id: string): Promise<{ eventId: string }> {
  return withTransaction(ctx, actor, async (m) => {
    const row = await lockEndpoint(m.tx, id);
    const eventId = await recordWebhookEvent(m.tx, WEBHOOK_TEST_EVENT, { endpointId: row.id, sentBy: actor.email }, m.now, row.id);
    if (!eventId) throw new Error('the test event was not written');
    await m.audit('send_test_webhook', { type: 'webhook', id: row.id }, row.url);
    m.afterCommit(() => ctx.webhooks.kick());
    return { eventId };
  });
}

/**
 * At start, after a DATA_ENCRYPTION_KEY rotation (docs/decisions/018): every endpoint's secrets are
 * re-sealed with the current key, as two-factor keys are, so the retired key can be dropped.
 */
export async function resealWebhookSecrets(ctx: AppContext): Promise<{ resealed: number; unreadable: number }> {
  const keys = sealKeys(ctx.config);
  const rows = await ctx.db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previousSecret: webhookEndpoints.previousSecret })
    .from(webhookEndpoints);
  const { resealed, unreadable } = await resealSecrets(keys, 'webhook', rows, ['secret', 'previousSecret'], {
    replace: (row, column, stored, sealed) =>
      ctx.db
        .update(webhookEndpoints)
        .set({ [column]: sealed })
        .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints[column], stored))),
    unreadable: (row, error) =>
      ctx.log.error({ endpointId: row.id, err: error instanceof Error ? error.message : String(error) }, 'a webhook secret could not be opened'),
  });
  if (resealed) ctx.log.info(`sealed ${resealed} webhook secret(s) with the current DATA_ENCRYPTION_KEY`);
  return { resealed, unreadable };
}
