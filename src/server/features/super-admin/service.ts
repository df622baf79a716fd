import { and, desc, eq } from 'drizzle-orm';
import type { TAdminAccount } from '../../../shared/schemas/admins.ts';
import { ADMIN_MESSAGES, AUTH_MESSAGES } from '../../../shared/schemas/messages.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { endUserSessions, type SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { UNIQUE_VIOLATION, conflict, forbidden, notFound, pgErrorCode } from '../../errors.ts';
import { withTransaction } from '../../mutation.ts';
import { tellAdmins } from '../admin-notices/index.ts';
import { issueSetupToken } from '../auth/index.ts';
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
    return await withTransaction(ctx, actor, async (m) => {
      const rows = await m.tx
        .insert(users)
        .values({ email: input.email, username: input.email, fullName: input.fullName, isAdmin: true, createdAt: m.now })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned nothing');
      await issueSetupToken(m, { userId: row.id, email: row.email, name: input.fullName, reason: 'admin-invite' });
      await m.audit('add_admin', { type: 'admin', id: row.id }, `${input.fullName} <${input.email}>`);
      await tellAdmins(m, { kind: 'admin_added', name: input.fullName, email: input.email }, row.id);
      return presentAdmin(row);
    });
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
  await withTransaction(ctx, actor, async (m) => {
    const row = await lockAdmin(m.tx, id);
    await endUserSessions(m.tx, row.id);
    m.endStreams(row.id);
    await m.tx.delete(users).where(eq(users.id, row.id));
    await m.audit('remove_admin', { type: 'admin', id: row.id }, `${row.fullName ?? ''} <${row.email}>`);
  });
}

export async function setAdminPassword(ctx: AppContext, actor: SessionUser, id: string, newPassword: string): Promise<void> {
  // Hashed before the transaction: it must not hold one open for tens of milliseconds (ADR 012).
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(ctx, actor, async (m) => {
    const row = await lockAdmin(m.tx, id);
    await m.tx
      .update(users)
      .set({ password: passwordHash, passwordChosenBySelf: false, passwordSetupToken: null, passwordSetupTokenExpiry: null })
      .where(eq(users.id, row.id));
    await endUserSessions(m.tx, row.id);
    m.endStreams(row.id);
    await m.audit('reset_admin_password', { type: 'admin', id: row.id }, row.email);
    await tellAdmins(m, { kind: 'password_set', email: row.email });
  });
}
