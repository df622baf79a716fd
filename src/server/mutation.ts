/**
 * The mutation boundary (docs/decisions/012-mutation-boundary.md). Every state change goes through
 * withTransaction, which owns:
 * - the database transaction;
 * - the Idempotency-Key claim, when the caller hands over the request (IETF draft: a retried request
 *   has one effect and gets the first answer again);
 * - effects that may only happen once the transaction has committed (`afterCommit`): the public
 *   figures' cache bump and the outboxes' wake-up (emails, webhooks: `event` writes a webhook event in the transaction). An effect registered in a transaction that rolls
 *   back never runs;
 * - writes that must come last in the transaction (`beforeCommit`): the programme's totals and the
 *   admin desk's daily figures, whose rows every change shares, so they are locked for the shortest
 *   time, always in the same order (by `rank`: the totals, then the day's rows), so two changes never deadlock;
 * - the activity-log row of an admin action (`audit`), written in the same transaction;
 * - what the change changed, in the live topics' words (DECISIONS §6): `m.tx` notes every table the
 *   change writes, and the one map of db/topics.ts turns them into topics (no caller names one; the
 *   writer of a person's rows says whose they are, `concerns`). Published to this instance's open
 *   streams after the commit, NOTIFYed to the others in the transaction, and answered to the
 *   request that made the change (X-Changed-Topics, events/answer.ts). A change of a public topic
 *   moves the public figures' feed (the public reads' caches).
 * Work that must not hold a transaction open (argon2 hashing) or must survive a refusal (rate-limit
 * counters) happens before it, on ctx.db.
 *
 * A hot change that writes all it writes in one statement (a task claim: ADR 029, fifth pass) runs
 * with `{ statement: true }`: no transaction (the statement commits by itself), the same bookkeeping
 * (its notices ride on the statement, `noticesWith`; effects after it), and nothing that needs a
 * transaction (`beforeCommit`, `event`, `email`, `audit` throw; `eventWith` gives the event as CTEs).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from './auth/sessions.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/client.ts';
import { CHANGES_CHANNEL, FIGURES_CHANNEL, changePayload, type Change } from './db/figures.ts';
import { PUBLIC_TOPICS } from '../shared/live.ts';
import { recordWrites, tableKey, topicsOfTables, type AnyTable, type TableKey } from './db/topics.ts';
import { changeAnswered } from './features/events/answer.ts';
import { adminActions, idempotencyKeys } from './db/schema.ts';
import { enqueueEmail } from './email/outbox.ts';
import { recordWebhookEvent, webhookEventParts } from './features/webhooks/events.ts';
import type { WebhookEventType } from '../shared/schemas/integrations.ts';
import type { EmailContent } from './email/templates.ts';
import { AppError, badRequest } from './errors.ts';
import type { AdminAction } from '../shared/enums.ts';
import { ERROR_TEXTS } from '../shared/error-codes.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** Keys are remembered this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export interface AuditTarget {
  type:
    | 'application'
    | 'report'
    | 'ambassador'
    | 'withdrawal'
    | 'admin'
    | 'settings'
    | 'season'
    | 'appeal'
    | 'api_key'
    | 'webhook'
    | 'webhook_delivery'
    | 'referral'
    | 'task'
    | 'task_claim';
  id: string | null;
}

/** What a field was and became, for the activity log of an edit. */
export type Changes = Record<string, [unknown, unknown]>;

export interface Mutation {
  ctx: AppContext;
  /** The transaction: every write of this change goes through it. */
  tx: Db;
  /** One instant for the whole change. */
  now: Date;
  /** Who makes the change (null: a visitor, or the system). */
  actor: SessionUser | null;
  /** Runs `effect` once the transaction has committed; never if it rolls back. */
  afterCommit(effect: () => unknown): void;
  /**
   * Runs `write` in the transaction once the change's own work is done, as its last statements (the
   * programme's totals, rank 0; the admin desk's figures, rank 1): lower ranks first, then in the order given.
   */
  beforeCommit(write: () => Promise<unknown>, rank?: number): void;
  /**
   * Writes a webhook event in this transaction (the webhook outbox, DECISIONS §7): `data` is the changed
   * record's id and state after the change, as its API answer shows it. The sender is woken once it commits.
   */
  event(type: WebhookEventType, data: unknown): Promise<void>;
  /**
   * `event`'s writes as CTEs of the caller's own statement (webhooks/events.ts webhookEventParts),
   * written when `gate` holds; `written` is the statement's select list item (`webhook_written`), and
   * `done` takes its value (the sender is woken once the change commits).
   */
  eventWith(type: WebhookEventType, data: unknown, gate: SQL): { ctes: SQL; written: SQL; done(written: boolean): void };
  /** Queues an email in this transaction; the outbox is woken once it commits. */
  email(to: string, content: EmailContent, headers?: Record<string, string>): Promise<void>;
  /** The activity-log row of the actor's admin action, in this transaction (its table is the `activity` topic). */
  audit(action: AdminAction, target: AuditTarget, details: string | null, changes?: Changes): Promise<void>;
  /**
   * Whose own account (`me`) the rows this change writes are, besides the actor's: user ids, or '*'
   * (every account). The topics themselves come from the tables written (db/topics.ts).
   */
  concerns(users: string | string[] | '*'): void;
  /** A table written by a raw statement (`tx.execute`), which `tx` does not see. */
  wrote(table: AnyTable): void;
  /**
   * The change's NOTIFYs (PostgreSQL) as a select list for the caller's own statement, so they cost no
   * round trip of their own; undefined when there are none, and on PGlite. Worked out from what the
   * change wrote so far and `tables`, which that statement writes: the change must not change its
   * topics or whose they are after it (withTransaction checks and throws; a NOTIFY is sent at commit).
   */
  noticesWith(tables: AnyTable[]): SQL | undefined;
  /** These tables' writes are announced by a later change, not this one (the webhook sender's coalesced notice). */
  announcedLater(...tables: AnyTable[]): void;
  /** Ends the live streams of an account once the change commits (sign-out everywhere, password, suspension, removal). */
  endStreams(userId: string): void;
}

/** The request and reply of a route that accepts an Idempotency-Key, and the status its success answers. */
export interface IdempotentHttp {
  request: FastifyRequest;
  reply: FastifyReply;
  status: number;
}

export async function withTransaction<T>(
  ctx: AppContext,
  actor: SessionUser | null,
  work: (m: Mutation) => Promise<T>,
  options: { idempotency?: IdempotentHttp | undefined; statement?: boolean } = {},
): Promise<T> {
  // One statement, autocommitted (no BEGIN, no COMMIT): its work writes everything in one statement
  // that carries its own notices (noticesWith), and nothing is written before or after it.
  const oneStatement = options.statement === true;
  if (oneStatement && options.idempotency) throw new Error('an idempotent change needs a transaction');
  const needsTransaction = (what: string) => {
    if (oneStatement) throw new Error(`${what} needs a transaction: a one-statement change writes in its statement`);
  };
  const run = <R>(fn: (raw: Db) => Promise<R>): Promise<R> => (oneStatement ? fn(ctx.db) : ctx.db.transaction((raw) => fn(raw)));
  const effects: (() => unknown)[] = [];
  const lastWrites: { write: () => Promise<unknown>; rank: number }[] = [];
  const claim = options.idempotency ? idempotencyClaim(options.idempotency.request) : undefined;
  let replayed = false;
  let published: Change | undefined;
  const result = await run(async (raw) => {
    const now = ctx.clock.now();
    // What the change wrote, and whose accounts those rows are; the actor's own always counts.
    const written = new Set<TableKey>();
    const later = new Set<TableKey>();
    const tx = recordWrites(raw, (table) => void written.add(table));
    const users = new Set<string>(actor ? [actor.id] : []);
    let everyone = false;
    const ended = new Set<string>();
    /** What the other instances hear when the transaction commits, from the tables written. */
    const noticesOf = (tables: Iterable<TableKey>) => {
      const topics = topicsOfTables([...tables].filter((table) => !later.has(table)));
      const figures = PUBLIC_TOPICS.some((topic) => topics.has(topic));
      const change: Change | undefined = topics.size || ended.size ? { topics: [...topics], users: everyone ? '*' : [...users], end: [...ended] } : undefined;
      const texts: string[] = [];
      // With this instance's origin: it bumps its own after the commit, not again when it hears itself.
      if (figures) texts.push(ctx.database.changes.origin);
      if (change) texts.push(changePayload(change, ctx.database.changes.origin));
      const list: SQL[] = [];
      if (figures) list.push(sql`pg_notify(${FIGURES_CHANNEL}, ${ctx.database.changes.origin})`);
      if (change) list.push(sql`pg_notify(${CHANGES_CHANNEL}, ${changePayload(change, ctx.database.changes.origin)})`);
      return { figures, change, key: JSON.stringify(texts), sql: list.length && ctx.database.kind === 'postgres' ? sql.join(list, sql`, `) : undefined };
    };
    /** The notices a statement of the change already carries (noticesWith). */
    let sent: string | undefined;
    const m: Mutation = {
      ctx,
      tx,
      now,
      actor,
      afterCommit: (effect) => void effects.push(effect),
      beforeCommit: (write, rank = 1) => {
        needsTransaction('beforeCommit');
        lastWrites.push({ write, rank });
      },
      concerns(forUsers) {
        if (forUsers === '*') everyone = true;
        else for (const user of Array.isArray(forUsers) ? forUsers : [forUsers]) users.add(user);
      },
      wrote(table) {
        const key = tableKey(table);
        if (key) written.add(key);
      },
      announcedLater(...tables) {
        for (const table of tables) {
          const key = tableKey(table);
          if (key) later.add(key);
        }
      },
      endStreams(userId) {
        ended.add(userId);
      },
      noticesWith(tables) {
        const keys = tables.map(tableKey).filter((key) => key !== undefined);
        const notices = noticesOf(new Set([...written, ...keys]));
        if (notices.sql) sent = notices.key;
        return notices.sql;
      },
      async event(type, data) {
        needsTransaction('event');
        if ((await recordWebhookEvent(tx, type, data, now)) && !effects.includes(kickWebhooks)) effects.push(kickWebhooks);
      },
      eventWith(type, data, gate) {
        return {
          ...webhookEventParts(type, data, now, gate),
          done(written) {
            if (written && !effects.includes(kickWebhooks)) effects.push(kickWebhooks);
          },
        };
      },
      async email(to, content, headers) {
        needsTransaction('email');
        await enqueueEmail(tx, to, content, now, headers);
        if (!effects.includes(kickOutbox)) effects.push(kickOutbox);
      },
      async audit(action, target, details, changes) {
        needsTransaction('audit');
        if (!actor) throw new Error('audit() needs an actor');
        await tx.insert(adminActions).values({
          adminId: actor.id,
          adminEmail: actor.email,
          action,
          targetType: target.type,
          targetId: target.id,
          details: details ? details.slice(0, 2000) : null,
          changes: changes && Object.keys(changes).length ? changes : null,
          createdAt: now,
        });
      },
    };
    if (claim) {
      const previous = await claimKey(tx, claim, now);
      if (previous !== undefined) {
        replayed = true;
        return previous as T;
      }
    }
    const value = await work(m);
    // A stable sort: within a rank, in the order registered.
    for (const { write } of lastWrites.sort((a, b) => a.rank - b.rank)) await write();
    // The other instances hear the public figures and the change's topics when (and only if) the
    // transaction commits: both NOTIFYs in one statement, one round trip, or none when a statement of
    // the change carried them (noticesWith).
    const notices = noticesOf(written);
    // The public reads' caches (stats, leaderboard, settings, seasons, the log's head) move with their topics.
    if (notices.figures) effects.push(() => ctx.database.figures.bump());
    const change = notices.change;
    if (change) {
      published = change;
      effects.push(() => ctx.database.changes.publish(change));
    }
    if (sent !== undefined && sent !== notices.key) throw new Error('the change’s notices were sent before it wrote what changes them');
    if (notices.sql && sent === undefined) {
      needsTransaction('a notice of its own');
      await raw.execute(sql`select ${notices.sql}`);
    }
    if (claim) await storeAnswer(tx, claim, options.idempotency?.status ?? 200, value);
    return value;
  });
  if (replayed) options.idempotency?.reply.header('Idempotent-Replayed', 'true');
  if (published) changeAnswered(published);
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      // The change is committed: an effect that fails (a cache bump, a wake-up) must not turn it into an error.
      ctx.log.error({ err: error }, 'an after-commit effect failed');
    }
  }
  return result;

  function kickOutbox() {
    ctx.outbox.kick();
  }

  function kickWebhooks() {
    ctx.webhooks.kick();
  }
}

interface Claim {
  userId: string;
  key: string;
  requestHash: string;
}

function idempotencyClaim(request: FastifyRequest): Claim | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
  const userId = request.user?.id;
  if (!userId) throw new Error('an idempotent change needs a signed-in caller');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  return { userId, key, requestHash };
}

/**
 * Claims the key in this transaction, so a concurrent duplicate waits on the unique key until the
 * first commits, then reads its stored answer. Answers the stored body of an earlier request, or
 * undefined when this request is the first.
 */
async function claimKey(tx: Db, claim: Claim, now: Date): Promise<unknown> {
  const mine = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
  await tx.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return undefined;
  const previous = (await tx.select().from(idempotencyKeys).where(mine))[0];
  if (!previous || previous.responseStatus === null) throw new AppError('CONFLICT', ERROR_TEXTS.IDEMPOTENCY_IN_PROGRESS);
  if (previous.requestHash !== claim.requestHash) throw new AppError('UNPROCESSABLE', ERROR_TEXTS.IDEMPOTENCY_KEY_REUSED);
  return previous.responseBody;
}

async function storeAnswer(tx: Db, claim: Claim, status: number, body: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body as Record<string, unknown> })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
}
