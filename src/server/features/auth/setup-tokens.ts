import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { SETUP_LINK_VALID_HOURS } from '../../../shared/limits.ts';
import { AUTH_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { TSetupLinkStatus } from '../../../shared/schemas/notifications.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { endUserSessions } from '../../auth/sessions.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { setupPasswordEmail, type EmailContent, type SetupReason } from '../../email/templates.ts';
import { AppError } from '../../errors.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';

export const SETUP_LINK_INVALID = AUTH_MESSAGES.setupLinkInvalid;

/**
 * A fresh single-use token (older ones stop working, as only the latest hash is
 * kept) and its email in the outbox, inside the caller's transaction.
 */
export async function issueSetupToken(
  m: Mutation,
  target: { userId: string; email: string; name: string; reason: SetupReason },
  options: { validHours?: number; content?: (link: string, locale: string | null) => EmailContent } = {},
): Promise<void> {
  const token = newToken();
  const hours = options.validHours ?? SETUP_LINK_VALID_HOURS;
  // The account's saved language comes back with the update: the email is written in it.
  const [account] = await m.tx
    .update(users)
    .set({ passwordSetupToken: hashToken(token), passwordSetupTokenExpiry: new Date(m.now.getTime() + hours * 3_600_000) })
    .where(eq(users.id, target.userId))
    .returning({ locale: users.locale });
  const locale = account?.locale ?? null;
  const link = `${m.ctx.config.appUrl}/setup-password/${token}`;
  await m.email(target.email, options.content ? options.content(link, locale) : setupPasswordEmail(target.reason, target.name, link, locale));
}

/**
 * Whether a setup link can still be used, without using it: valid, expired, or invalid (used,
 * replaced or unknown); and when it stops working, so the page says the truth of this link (a
 * setup link lasts 48 hours, a forgotten password's 1 hour).
 */
export async function setupLinkStatus(ctx: AppContext, token: string): Promise<TSetupLinkStatus> {
  const invalid = { status: 'invalid', expiresAt: null, secondsLeft: null, purpose: null } as const;
  if (!token || token.length > 200) return invalid;
  const rows = await ctx.db
    .select({ expiry: users.passwordSetupTokenExpiry, hasPassword: isNotNull(users.password) })
    .from(users)
    .where(eq(users.passwordSetupToken, hashToken(token)));
  const expiry = rows[0]?.expiry;
  if (!expiry) return invalid;
  const leftMs = expiry.getTime() - ctx.clock.now().getTime();
  return {
    status: leftMs > 0 ? 'valid' : 'expired',
    expiresAt: expiry.toISOString(),
    secondsLeft: Math.max(0, Math.floor(leftMs / 1000)),
    // An account that has a password is resetting it (a forgotten password); one without is creating its first.
    purpose: rows[0]?.hasPassword ? 'reset' : 'setup',
  };
}

/**
 * Sets the password from an emailed link. The token is consumed by one
 * conditional update, so the same link used twice at once succeeds once.
 */
export async function setPasswordFromToken(ctx: AppContext, token: string, password: string): Promise<void> {
  if (!token || token.length > 200) throw new AppError('BAD_REQUEST', SETUP_LINK_INVALID);
  const passwordHash = await hashPassword(password);
  await withTransaction(ctx, null, async ({ tx, now, endStreams }) => {
    const updated = await tx
      .update(users)
      .set({ password: passwordHash, passwordChosenBySelf: true, passwordSetupToken: null, passwordSetupTokenExpiry: null })
      .where(and(eq(users.passwordSetupToken, hashToken(token)), isNotNull(users.passwordSetupTokenExpiry), gt(users.passwordSetupTokenExpiry, now)))
      .returning({ id: users.id });
    const user = updated[0];
    if (!user) throw new AppError('BAD_REQUEST', SETUP_LINK_INVALID);
    // A password reset ends every session of the account, and its live streams.
    await endUserSessions(tx, user.id);
    endStreams(user.id);
  });
}
