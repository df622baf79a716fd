/**
 * Security notices to the admin team (issue 24, DECISIONS §5 Money out): the changes a single person
 * could use to satisfy the two-person payout rule alone (adding an admin, a super admin setting an
 * admin's password, an admin turning two-factor sign-in off) are emailed to every admin in the
 * change's transaction and shown on the admin desk for NOTICE_DAYS, so the other admins see them.
 */
import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { ADMIN_ACTION_LABELS } from '../../../shared/enums.ts';
import { SECURITY_NOTICE_DAYS, type TSecurityNotice } from '../../../shared/schemas/admins.ts';
import type { AppContext } from '../../context.ts';
import { adminActions, users } from '../../db/schema.ts';
import { adminSecurityNoticeEmail, type SecurityNoticeWhat } from '../../email/templates.ts';
import type { Mutation } from '../../mutation.ts';

export const SECURITY_NOTICE_ACTIONS = ['add_admin', 'reset_admin_password', 'disable_mfa', 'enable_mfa'] as const;
export type SecurityNoticeAction = (typeof SECURITY_NOTICE_ACTIONS)[number];

/**
 * Emails every admin (the actor included) in the change's transaction, in their saved language: `what` happened, by whom.
 * `except`: an admin just added, who gets their invitation instead.
 */
export async function tellAdmins(m: Mutation, what: SecurityNoticeWhat, except?: string): Promise<void> {
  const by = m.actor?.email ?? 'the system';
  const admins = await m.tx
    .select({ email: users.email, fullName: users.fullName, locale: users.locale })
    .from(users)
    .where(except ? and(eq(users.isAdmin, true), ne(users.id, except)) : eq(users.isAdmin, true));
  const at = m.now.toISOString();
  for (const admin of admins) {
    await m.email(
      admin.email,
      adminSecurityNoticeEmail({ name: admin.fullName ?? admin.email, what, by, at, appUrl: m.ctx.config.appUrl, locale: admin.locale }),
    );
  }
}

/** The notices of the last SECURITY_NOTICE_DAYS, newest first, from the activity log. */
export async function listSecurityNotices(ctx: AppContext): Promise<TSecurityNotice[]> {
  const since = new Date(ctx.clock.now().getTime() - SECURITY_NOTICE_DAYS * 86_400_000);
  const rows = await ctx.db
    .select({
      id: adminActions.id,
      action: adminActions.action,
      adminEmail: adminActions.adminEmail,
      details: adminActions.details,
      createdAt: adminActions.createdAt,
    })
    .from(adminActions)
    .where(and(inArray(adminActions.action, [...SECURITY_NOTICE_ACTIONS]), gt(adminActions.createdAt, since)))
    .orderBy(desc(adminActions.createdAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    action: r.action as SecurityNoticeAction,
    label: ADMIN_ACTION_LABELS[r.action as SecurityNoticeAction],
    by: r.adminEmail,
    details: r.details,
    at: r.createdAt.toISOString(),
  }));
}
