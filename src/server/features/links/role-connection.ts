/**
 * Discord Linked Roles (DECISIONS §7, Telegram and Discord; ADR 032). A server's admins give a role
 * to members whose connection to this programme meets a condition on three values:
 *   badge_level      integer: 0 normal, 1 bronze, 2 silver, 3 gold (this month's badge)
 *   months_active    integer: the UTC months in which the ambassador was credited GCM
 *   wallet_verified  boolean: the payout wallet proven by a signature
 * The application's metadata records (what the values are) are written at each start with the
 * application's bot token (`PUT /applications/{id}/role-connections/metadata`); an ambassador's values
 * are written with their own OAuth token (`PUT /users/@me/applications/{id}/role-connection`,
 * scope role_connections.write, granted at the link), refreshed as links/service.ts does. Both go
 * through an outbox (`discord_role_pushes`), written in the transaction of the change: the link, a
 * badge that changes, the first GCM credit of a month, a wallet proven. A push reads the values when
 * it is sent, so one push carries every change made while it waited.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BADGE_LEVELS } from '../../../shared/badges.ts';
import type { TRoleConnection } from '../../../shared/schemas/links.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ambassadors, discordRolePushes, linkedAccounts, transactions } from '../../db/schema.ts';
import { effectiveMonthly } from '../ledger/index.ts';
import { walletProofOf } from '../wallet-proof/index.ts';
import { outboxLoop, RETRY_MS, type BotSender } from '../telegram/index.ts';
import { callOutside } from './outside.ts';
import { discordAccessToken } from './service.ts';

/** What the programme is called on the member's Discord profile. */
export const PLATFORM_NAME = 'Ambassador Programme';

/** Discord's metadata types: 2 INTEGER_GREATER_THAN_OR_EQUAL, 7 BOOLEAN_EQUAL. */
export const ROLE_METADATA = [
  { key: 'badge_level', name: 'Badge level', description: 'This month’s badge: 0 normal, 1 bronze, 2 silver, 3 gold', type: 2 },
  { key: 'months_active', name: 'Months active', description: 'Months in which the ambassador earned GCM', type: 2 },
  { key: 'wallet_verified', name: 'Wallet verified', description: 'The payout wallet is proven by a signature', type: 7 },
] as const;

const LEASE_MS = 60_000;

/** The ambassador's values now. */
export async function roleConnectionValues(
  db: Db,
  ambassadorId: string,
  now: Date,
): Promise<{ name: string; metadata: TRoleConnection['metadata'] } | undefined> {
  const [row] = await db.select().from(ambassadors).where(eq(ambassadors.id, ambassadorId));
  if (!row) return undefined;
  const [months] = await db
    .select({ n: sql<number>`count(distinct to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM'))::int` })
    .from(transactions)
    .where(and(eq(transactions.ambassadorId, ambassadorId), eq(transactions.currency, 'GCM'), sql`${transactions.amount} > 0`));
  return {
    name: row.fullName,
    metadata: {
      badge_level: BADGE_LEVELS.indexOf(effectiveMonthly(row, now).badgeLevel),
      months_active: Number(months?.n ?? 0),
      wallet_verified: walletProofOf(row) === 'verified',
    },
  };
}

/** GET /api/links/discord/role-connection: the caller's own values, whether Discord is linked, and the last push. */
export async function ownRoleConnection(ctx: AppContext, ambassadorId: string): Promise<TRoleConnection> {
  const values = await roleConnectionValues(ctx.db, ambassadorId, ctx.clock.now());
  const [link] = await ctx.db
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.ambassadorId, ambassadorId), eq(linkedAccounts.provider, 'discord'), isNull(linkedAccounts.unlinkedAt)));
  const [last] = await ctx.db
    .select({ sentAt: discordRolePushes.sentAt })
    .from(discordRolePushes)
    .where(and(eq(discordRolePushes.ambassadorId, ambassadorId), eq(discordRolePushes.kind, 'user'), eq(discordRolePushes.status, 'sent')))
    .orderBy(sql`${discordRolePushes.sentAt} desc`)
    .limit(1);
  return {
    platformName: PLATFORM_NAME,
    metadata: values?.metadata ?? { badge_level: 0, months_active: 0, wallet_verified: false },
    linked: Boolean(link),
    pushedAt: last?.sentAt?.toISOString() ?? null,
  };
}

interface ClaimedPush {
  id: string;
  kind: 'metadata' | 'user';
  ambassadorId: string | null;
  attempts: number;
  lockedUntil: Date;
}

type PushOutcome = { ok: true; pushed?: Record<string, unknown> } | { ok: false; retry: boolean; error: string };

export function createDiscordRoleSender(ctx: AppContext, options: { pollMs?: number | undefined } = {}): BotSender {
  const { db, clock, log } = ctx;

  async function claim(free: number): Promise<ClaimedPush[]> {
    if (!ctx.config.providers.discord) return [];
    const now = clock.now();
    const at = now.toISOString();
    const rows = await db
      .update(discordRolePushes)
      .set({ status: 'sending', lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${discordRolePushes.attempts} + 1` })
      .where(
        // A push being sent is no longer `pending`: a change meanwhile queues a new one (the values sent may predate it).
        sql`${discordRolePushes.id} in (select id from discord_role_pushes where
          (status = 'pending' and next_attempt_at <= ${at}::timestamptz) or (status = 'sending' and locked_until < ${at}::timestamptz)
          order by next_attempt_at limit ${free} for update skip locked)`,
      )
      .returning({
        id: discordRolePushes.id,
        kind: discordRolePushes.kind,
        ambassadorId: discordRolePushes.ambassadorId,
        attempts: discordRolePushes.attempts,
        lockedUntil: discordRolePushes.lockedUntil,
      });
    return rows.flatMap((row) => (row.lockedUntil ? [{ ...row, lockedUntil: row.lockedUntil }] : []));
  }

  async function pushMetadata(): Promise<PushOutcome> {
    const app = ctx.config.providers.discord;
    const bot = ctx.config.providers.discordBotToken;
    if (!app || !bot) return { ok: false, retry: false, error: 'DISCORD_BOT_TOKEN is not set' };
    const answer = await callOutside(ctx, 'discord', `${ctx.config.providers.discordApiUrl}/applications/${app.clientId}/role-connections/metadata`, {
      method: 'PUT',
      headers: { authorization: `Bot ${bot}`, 'content-type': 'application/json' },
      body: JSON.stringify(ROLE_METADATA),
    });
    return answer.status < 300 ? { ok: true } : { ok: false, retry: false, error: `metadata refused: ${answer.status}` };
  }

  async function pushUser(ambassadorId: string): Promise<PushOutcome> {
    const app = ctx.config.providers.discord;
    if (!app) return { ok: false, retry: false, error: 'Discord is not configured' };
    const [link] = await db
      .select()
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.ambassadorId, ambassadorId), eq(linkedAccounts.provider, 'discord'), isNull(linkedAccounts.unlinkedAt)));
    if (!link) return { ok: false, retry: false, error: 'Discord is no longer linked' };
    const values = await roleConnectionValues(db, ambassadorId, clock.now());
    if (!values) return { ok: false, retry: false, error: 'the ambassador is gone' };
    const body = JSON.stringify({
      platform_name: PLATFORM_NAME,
      platform_username: values.name.slice(0, 100),
      // Discord takes each value as a string; a boolean as 1 or 0.
      metadata: {
        badge_level: String(values.metadata.badge_level),
        months_active: String(values.metadata.months_active),
        wallet_verified: values.metadata.wallet_verified ? '1' : '0',
      },
    });
    const url = `${ctx.config.providers.discordApiUrl}/users/@me/applications/${app.clientId}/role-connection`;
    for (const forceRefresh of [false, true]) {
      const token = await discordAccessToken(
        ctx,
        forceRefresh ? ((await db.select().from(linkedAccounts).where(eq(linkedAccounts.id, link.id)))[0] ?? link) : link,
        {
          forceRefresh,
        },
      );
      if (!token) return { ok: false, retry: false, error: 'Discord refused the link’s tokens: the ambassador links Discord again' };
      const answer = await callOutside(ctx, 'discord', url, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      if (answer.status < 300) return { ok: true, pushed: values.metadata };
      if (answer.status !== 401) return { ok: false, retry: false, error: `role connection refused: ${answer.status}` };
    }
    return { ok: false, retry: false, error: 'Discord refused the link’s token' };
  }

  async function run(row: ClaimedPush): Promise<void> {
    let outcome: PushOutcome;
    try {
      outcome =
        row.kind === 'metadata'
          ? await pushMetadata()
          : row.ambassadorId
            ? await pushUser(row.ambassadorId)
            : { ok: false, retry: false, error: 'no ambassador' };
    } catch {
      // Discord did not answer (callOutside's PROVIDER_UNAVAILABLE): tried again later.
      outcome = { ok: false, retry: true, error: 'Discord did not answer' };
    }
    const now = clock.now();
    const mine = and(eq(discordRolePushes.id, row.id), eq(discordRolePushes.lockedUntil, row.lockedUntil));
    if (outcome.ok) {
      await db
        .update(discordRolePushes)
        .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, pushed: outcome.pushed ?? null })
        .where(mine);
      return;
    }
    const wait = outcome.retry ? RETRY_MS[row.attempts - 1] : undefined;
    // Retried unless a newer push already waits (it sends the same values, and more recent ones).
    const newer = sql`exists (select 1 from discord_role_pushes p where p.kind = ${row.kind} and p.status = 'pending'
      and coalesce(p.ambassador_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(${row.ambassadorId}::uuid, '00000000-0000-0000-0000-000000000000'::uuid))`;
    await db
      .update(discordRolePushes)
      .set(
        wait !== undefined
          ? {
              status: sql`case when ${newer} then 'failed' else 'pending' end`,
              nextAttemptAt: new Date(now.getTime() + wait),
              lockedUntil: null,
              lastError: outcome.error,
            }
          : { status: 'failed', lockedUntil: null, lastError: outcome.error },
      )
      .where(mine);
    log.warn({ outbox: 'discord', kind: row.kind, retry: wait !== undefined, reason: outcome.error }, 'a Discord role connection push was not made');
  }

  return outboxLoop(ctx, 'discord', claim, run, { pollMs: options.pollMs, maxInFlight: 4 });
}
