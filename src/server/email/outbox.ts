/**
 * Emails are written to `email_outbox` in the transaction that causes them and
 * delivered afterwards with retries: an SMTP outage loses nothing, and a lease
 * on each row keeps two senders (or two instances) from sending it twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import type { EmailContent } from './templates.ts';
import type { MailTransport } from './transport.ts';

const LEASE_MS = 60_000;
const BATCH = 10;
const MAX_ATTEMPTS = 25;
const POLL_MS = 2_000;

export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

export async function enqueueEmail(db: Db, to: string, content: EmailContent, now: Date, headers?: Record<string, string>): Promise<void> {
  await db.insert(emailOutbox).values({
    recipient: to,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    headers: headers ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
}

export interface Outbox {
  /** Ask the sender to look for due emails now (after a commit that queued one). */
  kick(): void;
  /** Sends every email that is due; resolves with how many were sent. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createOutbox(options: { db: Db; transport: MailTransport; clock: Clock; log: FastifyBaseLogger; pollMs?: number }): Outbox {
  const { db, transport, clock, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  async function claim(): Promise<(typeof emailOutbox.$inferSelect)[]> {
    const now = clock.now();
    const lease = new Date(now.getTime() + LEASE_MS);
    return db
      .update(emailOutbox)
      .set({ lockedUntil: lease, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        sql`${emailOutbox.id} in (select id from ${emailOutbox} where ${emailOutbox.status} = 'pending' and ${emailOutbox.nextAttemptAt} <= ${now}
          and (${emailOutbox.lockedUntil} is null or ${emailOutbox.lockedUntil} < ${now})
          order by ${emailOutbox.nextAttemptAt} limit ${BATCH} for update skip locked)`,
      )
      .returning();
  }

  async function deliverBatch(): Promise<number> {
    const rows = await claim();
    let sent = 0;
    for (const row of rows) {
      const lease = row.lockedUntil;
      if (!lease) continue;
      try {
        await transport.send({
          to: row.recipient,
          subject: row.subject,
          text: row.textBody ?? '',
          html: row.htmlBody ?? '',
          headers: row.headers ?? undefined,
        });
        // Once delivered by SMTP the link lives only in the recipient's mailbox.
        const clearBodies = transport.kind === 'smtp' ? { textBody: null, htmlBody: null } : {};
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: clock.now(), lockedUntil: null, lastError: null, ...clearBodies })
          .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.lockedUntil, lease)));
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failed = row.attempts >= MAX_ATTEMPTS;
        log.warn({ emailId: row.id, attempts: row.attempts, err: message }, failed ? 'email delivery failed for good' : 'email delivery failed, will retry');
        await db
          .update(emailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            lockedUntil: null,
            lastError: message.slice(0, 500),
            nextAttemptAt: new Date(clock.now().getTime() + backoffMs(row.attempts)),
          })
          .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.lockedUntil, lease)));
      }
    }
    return rows.length === BATCH ? sent + (await deliverBatch()) : sent;
  }

  async function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        try {
          total += await deliverBatch();
        } catch (error) {
          // The database may be briefly away; the next poll tries again.
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'email outbox poll failed');
        }
      } while (again && !stopped);
      return total;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  return {
    kick() {
      if (!stopped) void drain();
    },
    drain,
    start() {
      stopped = false;
      timer = setInterval(() => void drain(), options.pollMs ?? POLL_MS);
      timer.unref();
      void drain();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) await running.catch(() => undefined);
      transport.close();
    },
  };
}
