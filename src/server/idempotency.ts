/**
 * Idempotency-Key (IETF draft): a retried withdrawal request or review has one
 * effect and gets the first answer again. The key row is inserted in the same
 * transaction as the effect, so a concurrent duplicate waits on the unique key
 * until the first commits, then reads its stored answer.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import type { Db } from './db/client.ts';
import { idempotencyKeys } from './db/schema.ts';
import { AppError, badRequest } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** Keys are remembered this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export interface Outcome<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** Runs `effect` (which opens its own transaction on the db it is given) at most once per key. */
export async function idempotent<T>(ctx: AppContext, request: FastifyRequest, status: number, effect: (db: Db) => Promise<T>): Promise<Outcome<T>> {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return { status, body: await effect(ctx.db), replayed: false };
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
  const userId = request.user?.id;
  if (!userId) throw new Error('idempotent() needs a signed-in caller');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await tx
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))),
      );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      const rows = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      const previous = rows[0];
      if (!previous || previous.responseStatus === null) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed');
      if (previous.requestHash !== requestHash) throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used for a different request');
      return { status: previous.responseStatus, body: previous.responseBody as T, replayed: true };
    }
    const body = await effect(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body as unknown as Record<string, unknown> })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { status, body, replayed: false };
  });
}
