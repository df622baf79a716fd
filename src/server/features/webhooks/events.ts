/**
 * The webhook outbox's writer: an event is written in the transaction of the change it reports
 * (`m.event(type, data)` in mutation.ts), with one delivery per enabled endpoint that asked for its
 * type, in one statement. No endpoint wants it: nothing is written. A change that rolls back takes
 * its event with it; one that commits has it, whatever happens to the process afterwards.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The body every attempt sends: Standard Webhooks' `{type, timestamp, data}`. */
export function eventBody(type: string, at: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * The event and its deliveries as CTEs of a caller's own statement (`webhook_targets`,
 * `webhook_event`, `webhook_deliveries`), written only when `gate` holds and an enabled endpoint
 * asked for `type`; `written` is a select list item (`webhook_written`) saying whether it was.
 */
export function webhookEventParts(type: string, data: unknown, now: Date, gate: SQL, onlyEndpoint?: string): { ctes: SQL; written: SQL } {
  const at = now.toISOString();
  const targets = onlyEndpoint
    ? sql`select id from webhook_endpoints where id = ${onlyEndpoint}::uuid`
    : sql`select id from webhook_endpoints where enabled and events @> ${JSON.stringify([type])}::jsonb`;
  return {
    ctes: sql`webhook_targets as (${targets}),
      webhook_event as (insert into webhook_events (id, type, body, created_at)
        select ${randomUUID()}::uuid, ${type}::text, ${eventBody(type, now, data)}::text, ${at}::timestamptz where exists (select 1 from webhook_targets) and ${gate} returning id),
      webhook_deliveries as (insert into webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at)
        select webhook_targets.id, webhook_event.id, ${at}::timestamptz, ${at}::timestamptz from webhook_targets, webhook_event order by webhook_targets.id
        returning event_id)`,
    written: sql`exists (select 1 from webhook_event) as webhook_written`,
  };
}

/** Writes the event and its deliveries; answers the event's id (the `webhook-id`), or null when no endpoint wants it. */
export async function recordWebhookEvent(tx: Db, type: string, data: unknown, now: Date, onlyEndpoint?: string): Promise<string | null> {
  // Most changes have no endpoint that wants them: a plain lookup says so at a fraction of the cost
  // of planning the writing statement below (on PGlite, the costliest statement of a task claim). An
  // endpoint made meanwhile is missed exactly as the writing statement, a moment earlier, would miss it.
  if (!onlyEndpoint) {
    const wanted = await tx.execute(sql`select 1 from webhook_endpoints where enabled and events @> ${JSON.stringify([type])}::jsonb limit 1`);
    if (!(wanted as unknown as { rows: unknown[] }).rows.length) return null;
  }
  const parts = webhookEventParts(type, data, now, sql`true`, onlyEndpoint);
  const result = await tx.execute(sql`with ${parts.ctes} select id from webhook_event`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? null;
}
