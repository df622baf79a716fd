/**
 * The Discord Linked Roles outbox (`discord_role_pushes`; links/role-connection.ts sends it): a push
 * is queued in the transaction of the change that calls for it (the link, a badge that changes, the
 * first GCM credit of a month, a wallet proven). A leaf, so the ledger, the wallet's proof and the
 * ambassadors' admin can queue one without depending on the links feature.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { discordRolePushes, linkedAccounts } from '../../db/schema.ts';
import type { Mutation } from '../../mutation.ts';

/** A push of the ambassador's values, in this transaction, when Discord is set up and they linked it (one waiting push at most). */
export async function queueRolePush(m: Pick<Mutation, 'tx' | 'now' | 'ctx' | 'afterCommit'>, ambassadorId: string): Promise<void> {
  if (!m.ctx.config.providers.discord) return;
  const [link] = await m.tx
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.ambassadorId, ambassadorId), eq(linkedAccounts.provider, 'discord'), isNull(linkedAccounts.unlinkedAt)));
  if (!link) return;
  const written = await m.tx
    .insert(discordRolePushes)
    .values({ kind: 'user', ambassadorId, nextAttemptAt: m.now, createdAt: m.now })
    .onConflictDoNothing()
    .returning({ id: discordRolePushes.id });
  if (written.length) m.afterCommit(() => m.ctx.discordRoles.kick());
}

/** At start: the metadata records are written (again), when the application and its bot token are set. */
export async function queueRoleMetadata(ctx: AppContext): Promise<void> {
  if (!ctx.config.providers.discord || !ctx.config.providers.discordBotToken) return;
  const now = ctx.clock.now();
  await ctx.db.insert(discordRolePushes).values({ kind: 'metadata', ambassadorId: null, nextAttemptAt: now, createdAt: now }).onConflictDoNothing();
}
