/**
 * API keys (DECISIONS §7, Webhooks and API keys): a super admin makes a named key with scopes and
 * sees it once; the database keeps its SHA-256 and its first characters. A request with
 * `Authorization: Bearer amb_…` is let through by the access hook (plugins/access.ts) to the admin
 * GET routes whose `config.scope` the key has, and nowhere else.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  API_SCOPES,
  type ApiScope,
  type TApiKeyCreated,
  type TApiKeyView,
} from '../../../shared/schemas/integrations.ts';
import { INTEGRATION_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { apiKeys } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { withTransaction } from '../../mutation.ts';
import { isUuid } from '../ids.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** `lastUsedAt` is written at most this often per key, not on every request. */
export const LAST_USED_EVERY_MS = 60_000;
/** Most keys one super admin would keep; the list answers them all. */
const LIST_LIMIT = 500;

/** The key as the access hook found it: who it is and what it may read. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
}

function sha256(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

function scopesOf(row: Pick<ApiKeyRow, 'scopes'>): ApiScope[] {
  return row.scopes.filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s));
}

function present(row: ApiKeyRow): TApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A new key: `amb_` + 32 random bytes in base64url. */
export function newApiKey(): string {
  return `amb_${randomBytes(32).toString('base64url')}`;
}

export async function createApiKey(ctx: AppContext, actor: SessionUser, input: { name: string; scopes: ApiScope[] }): Promise<TApiKeyCreated> {
  const key = newApiKey();
  return withTransaction(ctx, actor, async (m) => {
    const rows = await m.tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        keyHash: sha256(key).toString('hex'),
        scopes: input.scopes,
        createdBy: actor.id,
        createdAt: m.now,
      })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned nothing');
    // The key itself is never written anywhere but this one answer: the log has its name, prefix and scopes.
    await m.audit('create_api_key', { type: 'api_key', id: row.id }, `${row.name} (${row.prefix}…): ${input.scopes.join(', ')}`);
    return { ...present(row), key };
  });
}

/** The keys in force, newest first (a revoked key is gone from the list; its row stays for the log). */
export async function listApiKeys(ctx: AppContext): Promise<TApiKeyView[]> {
  const rows = await ctx.db.select().from(apiKeys).where(isNull(apiKeys.revokedAt)).orderBy(desc(apiKeys.createdAt)).limit(LIST_LIMIT);
  return rows.map(present);
}

/** Revokes a key at once: the next request with it is 401, on every instance (each request looks its key up). */
export async function revokeApiKey(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(INTEGRATION_MESSAGES.apiKeyNotFound);
  await withTransaction(ctx, actor, async (m) => {
    const rows = await m.tx
      .update(apiKeys)
      .set({ revokedAt: m.now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    const row = rows[0];
    if (!row) throw notFound(INTEGRATION_MESSAGES.apiKeyNotFound);
    await m.audit('revoke_api_key', { type: 'api_key', id: row.id }, `${row.name} (${row.prefix}…)`);
  });
}

/**
 * The key a request presents, if it is one in force: found by its prefix (not secret), then its
 * SHA-256 compared with each candidate's in constant time. Null for a malformed, unknown or revoked
 * key. Marks it used (at most once a minute).
 */
export async function authenticateApiKey(ctx: AppContext, presented: string): Promise<ApiKeyCaller | null> {
  if (!API_KEY_PATTERN.test(presented)) return null;
  const digest = sha256(presented);
  const candidates = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, presented.slice(0, API_KEY_PREFIX_LENGTH)), isNull(apiKeys.revokedAt)))
    .limit(10);
  let found: ApiKeyRow | undefined;
  for (const row of candidates) {
    const stored = Buffer.from(row.keyHash, 'hex');
    if (stored.length === digest.length && timingSafeEqual(stored, digest)) found = row;
  }
  if (!found) return null;
  const now = ctx.clock.now();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, found.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)))));
  }
  return { id: found.id, name: found.name, prefix: found.prefix, scopes: scopesOf(found) };
}

/**
 * The caller a key stands for in the handlers that read `request.user`: not a person, an admin that
 * is no account (its id is the key's, so no approval, claim or audit row can be its own).
 */
export function apiKeyUser(key: ApiKeyCaller): SessionUser {
  return {
    id: key.id,
    email: `api-key:${key.prefix}`,
    username: null,
    fullName: key.name,
    isAdmin: true,
    isSuperAdmin: false,
    mfaEnabled: false,
    locale: null,
  };
}
