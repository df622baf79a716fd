import { passwordChangedNotification } from '../../email/notifications.ts';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, MFA_MESSAGES } from '../../../shared/schemas/messages.ts';
import { isLocale, type Locale } from '../../../shared/locales.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import {
  COMMIT_WITHOUT_FLUSH,
  consume,
  consumeAll,
  givenBackCte,
  hit,
  hitTwoCte,
  hitTwoParams,
  refund,
  refuseOver,
  type Limit,
} from '../../auth/rate-limit.ts';
import { createSession, endUserSessions, loadPendingSession, newSession, replaceSession, type SessionUser } from '../../auth/sessions.ts';
import { codeLimits, consumeSecondFactor, keysOf } from '../mfa/index.ts';
import { issueSetupToken } from './setup-tokens.ts';
import { issueDeviceCookie, readDeviceCookie, type Device } from '../../auth/device-cookie.ts';
import { secretsEqual } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';
import { preparedPer } from '../../db/prepared.ts';
import { adminActions, sessions, users } from '../../db/schema.ts';
import { forgotPasswordEmail, passwordChangedEmail } from '../../email/templates.ts';
import { withTransaction } from '../../mutation.ts';
import { notify } from '../notifications/index.ts';
import { recordSighting, sightingCte, type Sighting } from '../referrals/index.ts';
import { UNIQUE_VIOLATION, badRequest, conflict, forbidden, pgErrorCode, unauthorized, unavailable } from '../../errors.ts';

const TOO_MANY_SIGN_INS = AUTH_MESSAGES.tooManySignIns;
const TOO_MANY_ATTEMPTS = AUTH_MESSAGES.tooManyAttempts;
type UserRow = typeof users.$inferSelect;

export function sessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    fullName: row.fullName,
    isAdmin: row.isAdmin,
    isSuperAdmin: row.isSuperAdmin,
    mfaEnabled: row.mfaEnabledAt !== null,
    locale: isLocale(row.locale) ? row.locale : null,
  };
}

/**
 * A sign-in's first round trip: its attempt counted against the account and the address (rate-limit.ts
 * hitTwoCte) and the account read by its email, in one statement built once per database handle.
 * One row per counter, each with the account (null columns when the email has none).
 */
const attemptAndAccount = preparedPer((db) => {
  const hit = hitTwoCte(db);
  return db
    .with(hit)
    .select({ key: hit.key, count: hit.count, windowStart: hit.windowStart, user: users, commitWithoutFlush: COMMIT_WITHOUT_FLUSH })
    .from(hit)
    .leftJoin(users, eq(users.email, sql.placeholder('email')))
    .prepare('sign_in_attempt');
});

/** Counts the attempt (429 past a limit, before any password is checked) and reads the account. */
async function countAttemptAndFindUser(ctx: AppContext, email: string, limits: { account: Limit; address: Limit }, now: Date): Promise<UserRow | undefined> {
  const rows = await attemptAndAccount(ctx.db).execute({ ...hitTwoParams([limits.account, limits.address], now), email: email.trim().toLowerCase() });
  const windows = new Map(rows.map((r) => [r.key, { count: Number(r.count), windowStart: new Date(r.windowStart) }]));
  refuseOver([limits.account, limits.address], windows, now, TOO_MANY_SIGN_INS);
  return rows[0]?.user ?? undefined;
}

/** The account of a sign-in by its email: built once per database handle (db/prepared.ts). */
const userByEmail = preparedPer((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('user_by_email'),
);

async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const rows = await userByEmail(ctx.db).execute({ email: email.trim().toLowerCase() });
  return rows[0];
}

/**
 * The counters an attempt is charged to: the address, and either the account (a browser not known
 * to it) or the browser's own device cookie for this account (OWASP device cookies): a stranger
 * who spends the account's allowance cannot lock out a browser that has signed in to it before.
 */
function loginLimits(ctx: AppContext, email: string, address: string, device: Device | undefined): { account: Limit; address: Limit } {
  const { rateLimits } = ctx.config;
  return {
    account: device
      ? { key: `login:device:${device.nonce}`, max: rateLimits.loginPerAccount, windowMs: rateLimits.loginWindowMs }
      : { key: `login:account:${email.trim().toLowerCase()}`, max: rateLimits.loginPerAccount, windowMs: rateLimits.loginWindowMs },
    address: { key: `login:address:${address}`, max: rateLimits.loginPerAddress, windowMs: rateLimits.loginWindowMs },
  };
}

export interface SignedIn {
  user: SessionUser;
  token: string;
  expires: Date;
  /** True when the password was right and the second factor is still due: the session is only half signed in. */
  mfaPending?: boolean;
  /** A fresh device cookie for this browser and account (a completed sign-in at /api/login, /api/login/mfa or /api/super-admin-login). */
  device?: string;
  /** This browser held the account's device cookie: it completed a sign-in to this account before. */
  welcomeBack?: boolean;
}

/**
 * Ambassadors and admins sign in here. Unknown email, wrong password, a password
 * not yet set and a super admin all get the same answer, in about the same time.
 *
 * Every attempt is counted against the account and the address first, in one atomic statement,
 * and refused (429) past either limit before its password is checked; reading the counts first
 * and counting the failure after let a parallel burst through unchecked. A right password then
 * takes its attempt back: the account's count starts again, and the address keeps only its
 * failures, so successful sign-ins are not slowed.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  address: string,
  browser: { sessionToken?: string | undefined; deviceCookie?: string | undefined; seen?: Sighting | undefined } = {},
): Promise<SignedIn> {
  const now = ctx.clock.now();
  const device = readDeviceCookie(ctx.config.sessionSecret, browser.deviceCookie, input.email);
  const limits = loginLimits(ctx, input.email, address, device);
  const user = await countAttemptAndFindUser(ctx, input.email, limits, now);
  const passwordOk = await verifyPassword(user?.password, input.password);
  if (!user || !passwordOk || user.isSuperAdmin) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  const mfaPending = user.mfaEnabledAt !== null;
  const session = browser.sessionToken
    ? // The session this browser held ends as the new one starts (one transaction); the attempt is
      // given back beside it, on another connection, so neither waits on the other's round trip.
      (
        await Promise.all([
          refund(ctx.db, now, { cleared: [limits.account], refunded: [limits.address] }),
          withTransaction(ctx, null, async ({ tx }) => {
            const replaced = await replaceSession(tx, ctx.config, user.id, now, browser.sessionToken, { mfaPending });
            if (browser.seen && !mfaPending) await recordSighting(tx, user.id, browser.seen, now);
            return replaced;
          }),
        ])
      )[1]
    : await startSession(ctx, user.id, now, mfaPending, limits, browser.seen);
  // A browser becomes known once it has completed a sign-in: with two-factor on, at the second step,
  // so knowing the password alone never makes a device whose code attempts escape the account's limit.
  return {
    user: sessionUser(user),
    ...session,
    mfaPending,
    welcomeBack: device !== undefined,
    ...(mfaPending ? {} : { device: issueDeviceCookie(ctx.config.sessionSecret, user.email) }),
  };
}

/**
 * A browser without a session has nothing to replace: its new session is one insert, and the
 * attempt is given back in the same statement (rate-limit.ts givenBackCte), as is where an
 * ambassador signed in from (referrals/sightings.ts sightingCte). One write, one round trip,
 * built once per database handle: the database's CPU and the main thread's are taken from the
 * hashing threads, the scarce resource of a sign-in flood.
 */
const sessionWithGiveBack = preparedPer((db) => {
  const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
  return db
    .with(givenBackCte(db), sightingCte(db))
    .insert(sessions)
    .values({
      sid: sql.placeholder('sid'),
      sess: sql`${sql.placeholder('sess')}::jsonb`,
      expire: at('expire'),
      absoluteExpire: at('absoluteExpire'),
      userId: sql.placeholder('userId'),
      mfaPending: sql.placeholder('mfaPending'),
      mfaVerified: false,
      createdAt: at('now'),
    })
    .prepare('sign_in_session');
});

async function startSession(
  ctx: AppContext,
  userId: string,
  now: Date,
  mfaPending: boolean,
  limits: { account: Limit; address: Limit },
  seen: Sighting | undefined,
): Promise<{ token: string; expires: Date }> {
  const { row, ...session } = newSession(ctx.config, userId, now, { mfaPending });
  await sessionWithGiveBack(ctx.db).execute({
    cleared: limits.account.key,
    refunded: limits.address.key,
    now: now.toISOString(),
    sid: row.sid,
    sess: JSON.stringify(row.sess),
    expire: row.expire.toISOString(),
    absoluteExpire: row.absoluteExpire.toISOString(),
    userId,
    mfaPending,
    seenDevice: seen?.device ?? null,
    seenNetwork: seen?.network ?? null,
  });
  return session;
}

/**
 * A refused super admin sign-in goes to the activity log, which the super admin reads: who was
 * tried and from which address (never which of email, password or secret was wrong). Attempts are
 * counted per address first, so an attacker cannot flood the log.
 */
async function recordRefusedSuperAdminSignIn(ctx: AppContext, email: string, address: string, now: Date): Promise<void> {
  await ctx.db.insert(adminActions).values({
    adminId: null,
    adminEmail: email.trim().toLowerCase().slice(0, 254) || '(no email)',
    action: 'refuse_super_admin_sign_in',
    targetType: 'sign_in',
    targetId: null,
    details: `Refused super admin sign-in from ${address}`,
    createdAt: now,
  });
}

export async function superAdminLogin(
  ctx: AppContext,
  input: { email: string; password: string; superAdminSecret: string },
  address: string,
  previousToken?: string,
): Promise<SignedIn> {
  const expected = ctx.config.superAdminSecret;
  if (!expected) throw unavailable('Super admin login is not configured on this server');
  const now = ctx.clock.now();
  const limit: Limit = { key: `super-login:address:${address}`, max: ctx.config.rateLimits.superAdminLogin, windowMs: ctx.config.rateLimits.loginWindowMs };
  // Counted before anything is checked, as in login; a success takes its attempt back.
  await consumeAll(ctx.db, [limit], now, TOO_MANY_SIGN_INS);
  const user = await findUserByEmail(ctx, input.email);
  const passwordOk = await verifyPassword(user?.password, input.password);
  const secretOk = secretsEqual(input.superAdminSecret, expected);
  if (!user || !passwordOk || !secretOk || !user.isSuperAdmin) {
    await recordRefusedSuperAdminSignIn(ctx, input.email, address, now);
    throw unauthorized(AUTH_MESSAGES.invalidSuperAdmin);
  }
  await refund(ctx.db, now, { refunded: [limit] });
  const mfaPending = user.mfaEnabledAt !== null;
  const session = await withTransaction(ctx, null, ({ tx }) => replaceSession(tx, ctx.config, user.id, now, previousToken, { mfaPending }));
  // A completed sign-in makes the browser known here too (issue 40 item 11): its code attempts, once
  // two-factor is on, are then counted on its own device at /api/login/mfa, so a stranger holding the
  // password and the secret who spends the account's allowance of codes cannot lock the owner out.
  return { user: sessionUser(user), ...session, mfaPending, ...(mfaPending ? {} : { device: issueDeviceCookie(ctx.config.sessionSecret, user.email) }) };
}

/**
 * The second step of a sign-in with two-factor authentication: the half-signed-in session the
 * cookie names, a code (TOTP, or an unused recovery code), counted first per address and either per
 * account (a browser not known to it) or on the browser's own device cookie for this account (one
 * that completed a sign-in before), so a stranger who knows the password and spends the account's
 * allowance of codes cannot lock its owner out (issue 24). The half session ends and a new one, with
 * a new id, starts in the same transaction; the browser gets a fresh device cookie.
 */
export async function completeMfaSignIn(
  ctx: AppContext,
  pendingToken: string | undefined,
  code: string,
  address: string,
  deviceCookie?: string,
  seen?: Sighting,
): Promise<SignedIn> {
  const now = ctx.clock.now();
  const pending = await loadPendingSession(ctx.db, ctx.config, pendingToken, now);
  if (!pending) throw unauthorized(MFA_MESSAGES.expired);
  const device = readDeviceCookie(ctx.config.sessionSecret, deviceCookie, pending.email);
  const limits = codeLimits(ctx, pending.userId, address, device);
  await consumeAll(ctx.db, limits, now, MFA_MESSAGES.tooMany);
  const signedIn = await withTransaction(ctx, null, async ({ tx }) => {
    await consumeSecondFactor(tx, keysOf(ctx), pending.userId, code, { now, codeTime: ctx.clock.real() });
    const user = (await tx.select().from(users).where(eq(users.id, pending.userId)))[0];
    if (!user) throw unauthorized(MFA_MESSAGES.expired);
    const session = await replaceSession(tx, ctx.config, user.id, now, pendingToken, { mfaVerified: true });
    if (seen) await recordSighting(tx, user.id, seen, now);
    return { user: sessionUser(user), ...session, welcomeBack: device !== undefined, device: issueDeviceCookie(ctx.config.sessionSecret, user.email) };
  });
  await refund(ctx.db, now, { cleared: [limits[0] as Limit], refunded: [limits[1] as Limit] });
  return signedIn;
}

export async function register(
  ctx: AppContext,
  input: { email: string; password: string; fullName?: string | undefined; username?: string | undefined },
): Promise<SignedIn> {
  if (!ctx.config.allowRegistration) throw forbidden(AUTH_MESSAGES.registrationClosed);
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTransaction(ctx, null, async ({ tx, now }) => {
      const rows = await tx
        .insert(users)
        .values({ email: input.email, password: passwordHash, fullName: input.fullName ?? null, username: input.username ?? input.email, createdAt: now })
        .returning();
      const user = rows[0];
      if (!user) throw new Error('insert returned nothing');
      const session = await createSession(tx, ctx.config, user.id, now);
      return { user: sessionUser(user), ...session };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(AUTH_MESSAGES.accountExists);
    throw error;
  }
}

/**
 * Changes the caller's password and ends their other sessions.
 *
 * Wrong current passwords are limited per account and per address like sign-ins (a stolen session
 * must not become a password oracle), counted before the check in one atomic statement. That limit
 * is also what keeps one caller from filling the hashing pool (see passwords.ts): past it, an
 * attempt is refused without a hash.
 */
export async function changePassword(
  ctx: AppContext,
  user: SessionUser,
  currentSid: string,
  input: { currentPassword: string; newPassword: string },
  address: string,
): Promise<void> {
  const now = ctx.clock.now();
  const { rateLimits } = ctx.config;
  const account: Limit = { key: `change-password:account:${user.id}`, max: rateLimits.changePasswordPerAccount, windowMs: rateLimits.loginWindowMs };
  const perAddress: Limit = { key: `change-password:address:${address}`, max: rateLimits.loginPerAddress, windowMs: rateLimits.loginWindowMs };
  await consumeAll(ctx.db, [account, perAddress], now, TOO_MANY_ATTEMPTS);
  const rows = await ctx.db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
  const ok = await verifyPassword(rows[0]?.password, input.currentPassword);
  if (!ok) throw badRequest('Current password is incorrect', 'currentPassword');
  await refund(ctx.db, now, { cleared: [account], refunded: [perAddress] });
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(ctx, user, async (m) => {
    // Whose password it is does not change here (issue 40 item 12): a super admin who set an admin's
    // password can sign in as them and change it. It becomes the admin's own only through a link sent
    // to their mailbox (setup-tokens.ts).
    await m.tx.update(users).set({ password: passwordHash }).where(eq(users.id, user.id));
    await endUserSessions(m.tx, user.id, currentSid);
    // Every stream of the account ends: the other sessions are gone, and this one's pages open theirs again.
    m.endStreams(user.id);
    await notify(m, user.id, passwordChangedNotification(user.locale), {
      to: user.email,
      content: passwordChangedEmail({ name: user.fullName ?? user.email, appUrl: ctx.config.appUrl, locale: user.locale }),
      security: true,
    });
  });
}

/** At start: the super admin of SUPER_ADMIN_EMAIL exists (created once, never overwritten). */
export async function ensureSuperAdmin(ctx: AppContext): Promise<'created' | 'exists' | 'not-configured'> {
  const wanted = ctx.config.superAdmin;
  if (!wanted) return 'not-configured';
  // Hashing costs tens of milliseconds of CPU: only when the account has to be created.
  const existing = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, wanted.email));
  if (existing.length) return 'exists';
  const passwordHash = await hashPassword(wanted.password);
  const rows = await ctx.db
    .insert(users)
    .values({
      email: wanted.email,
      username: wanted.email,
      fullName: 'Super Admin',
      password: passwordHash,
      isAdmin: true,
      isSuperAdmin: true,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return rows.length ? 'created' : 'exists';
}

export const SETUP_PASSWORD_LIMIT_MESSAGE = TOO_MANY_ATTEMPTS;

export async function limitSetupPassword(ctx: AppContext, address: string): Promise<void> {
  await consume(
    ctx.db,
    { key: `setup-password:address:${address}`, max: ctx.config.rateLimits.setupPassword, windowMs: 15 * 60_000 },
    ctx.clock.now(),
    SETUP_PASSWORD_LIMIT_MESSAGE,
  );
}

/** Forgot password: the same answer whoever asks; a known account is emailed a link valid 1 hour. */
export async function forgotPassword(ctx: AppContext, email: string, address: string): Promise<void> {
  const now = ctx.clock.now();
  const normalized = email.trim().toLowerCase();
  // Per address: refused openly (429), as it tells nothing about any account.
  await consume(ctx.db, { key: `forgot:address:${address}`, max: ctx.config.rateLimits.setupPassword, windowMs: 3_600_000 }, now, TOO_MANY_ATTEMPTS);
  // Per account: at most 3 links an hour, silently, so the answer never tells whether it exists.
  const perAccount = await hit(ctx.db, { key: `forgot:account:${normalized}`, max: 3, windowMs: 3_600_000 }, now);
  if (perAccount > 3) return;
  const user = (await ctx.db.select().from(users).where(eq(users.email, normalized)))[0];
  if (!user) return;
  await withTransaction(ctx, null, async (m) => {
    await issueSetupToken(
      m,
      { userId: user.id, email: user.email, name: user.fullName ?? user.email, reason: 'reset' },
      {
        validHours: 1,
        content: (link, locale) => forgotPasswordEmail({ name: user.fullName ?? user.email, link, locale }),
      },
    );
  });
}

/**
 * The signed-in account's language (DECISIONS §6, Languages): its pages and the emails it is sent
 * from now on. The account's other tabs hear of it (the `me` topic) and switch too.
 */
export async function updateUser(ctx: AppContext, user: SessionUser, input: { locale: Locale }): Promise<SessionUser> {
  await withTransaction(ctx, user, async (m) => {
    await m.tx.update(users).set({ locale: input.locale }).where(eq(users.id, user.id));
  });
  return { ...user, locale: input.locale };
}
