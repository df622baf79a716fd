import { and, desc, eq } from 'drizzle-orm';
import type { TAdminAccount } from '../../../shared/schemas/views.ts';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admins.ts';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { endUserSessions, type SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { systemSettings, users } from '../../db/schema.ts';
import { UNIQUE_VIOLATION, conflict, forbidden, notFound, pgErrorCode } from '../../errors.ts';
import { logAdminAction } from '../activity-log/service.ts';
import { issueSetupToken } from '../auth/setup-tokens.ts';
import { isUuid } from '../ids.ts';

type UserRow = typeof users.$inferSelect;

function presentAdmin(row: Pick<UserRow, 'id' | 'fullName' | 'email' | 'username' | 'isSuperAdmin' | 'createdAt'>): TAdminAccount {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    username: row.username,
    isSuperAdmin: row.isSuperAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdmins(ctx: AppContext): Promise<TAdminAccount[]> {
  const rows = await ctx.db.select().from(users).where(eq(users.isAdmin, true)).orderBy(desc(users.isSuperAdmin), desc(users.createdAt)).limit(1000);
  return rows.map(presentAdmin);
}

export async function addAdmin(ctx: AppContext, actor: SessionUser, input: { email: string; fullName: string }): Promise<TAdminAccount> {
  try {
    const admin = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const rows = await tx
        .insert(users)
        .values({ email: input.email, username: input.email, fullName: input.fullName, isAdmin: true, createdAt: now })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned nothing');
      await issueSetupToken(ctx, tx, { userId: row.id, email: row.email, name: input.fullName, reason: 'admin-invite' }, now);
      await logAdminAction(tx, actor, 'add_admin', { type: 'admin', id: row.id }, `${input.fullName} <${input.email}>`, now);
      return presentAdmin(row);
    });
    ctx.outbox.kick();
    return admin;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(AUTH_MESSAGES.accountExists);
    throw error;
  }
}

async function lockAdmin(tx: AppContext['db'], id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('Admin not found');
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, true)))
    .for('update');
  const row = rows[0];
  if (!row) throw notFound('Admin not found');
  if (row.isSuperAdmin) throw forbidden(ADMIN_MESSAGES.cannotRemoveSuperAdmin);
  return row;
}

/** Removing an admin deletes the account; its sessions go with it at once. */
export async function removeAdmin(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockAdmin(tx, id);
    await endUserSessions(tx, row.id);
    await tx.delete(users).where(eq(users.id, row.id));
    await logAdminAction(tx, actor, 'remove_admin', { type: 'admin', id: row.id }, `${row.fullName ?? ''} <${row.email}>`, now);
  });
}

export async function setAdminPassword(ctx: AppContext, actor: SessionUser, id: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockAdmin(tx, id);
    await tx.update(users).set({ password: passwordHash, passwordSetupToken: null, passwordSetupTokenExpiry: null }).where(eq(users.id, row.id));
    await endUserSessions(tx, row.id);
    await logAdminAction(tx, actor, 'reset_admin_password', { type: 'admin', id: row.id }, row.email, now);
  });
}

export async function updateSettings(ctx: AppContext, actor: SessionUser, reportSubmissionEnabled: boolean): Promise<{ reportSubmissionEnabled: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await tx
      .insert(systemSettings)
      .values({ id: 'global', reportSubmissionEnabled, lastUpdatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: systemSettings.id, set: { reportSubmissionEnabled, lastUpdatedBy: actor.id, updatedAt: now } });
    await logAdminAction(tx, actor, 'update_settings', { type: 'settings', id: 'global' }, `reportSubmissionEnabled=${reportSubmissionEnabled}`, now);
    return { reportSubmissionEnabled };
  });
}
