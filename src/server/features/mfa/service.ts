/**
 * Two-factor sign-in with TOTP (RFC 6238: SHA-1, 30-second steps, 6 digits) via @oslojs/otp, and
 * ten single-use recovery codes stored as their SHA-256. Codes are checked against the real time
 * (one step either side), never the programme's clock that TEST_CLOCK_OFFSET moves: the
 * authenticator app goes by the real one. A step once accepted is never accepted again (no replay).
 * The TOTP key is stored sealed (auth/sealed.ts): a dump of the database cannot make codes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { and, count, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { PROGRAMME_NAME } from '../../../shared/limits.ts';
import { RECOVERY_CODE_COUNT, type TMfaStatus } from '../../../shared/schemas/mfa.ts';
import { MFA_MESSAGES } from '../../../shared/schemas/messages.ts';
import { consumeAll, refund, type Limit } from '../../auth/rate-limit.ts';
import { resealSecrets, seal, sealKeys, unseal, type SealKeys } from '../../auth/sealed.ts';
import type { Device } from '../../auth/device-cookie.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mfaRecoveryCodes, users } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden } from '../../errors.ts';
import { withTransaction } from '../../mutation.ts';
import { tellAdmins } from '../admin-notices/index.ts';

const STEP_SECONDS = 30;
const DIGITS = 6;

export function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / STEP_SECONDS);
}

/** The step a 6-digit code belongs to (this one or one either side), if it is right and newer than `after`. */
export function matchingStep(secret: string, code: string, now: Date, after: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const key = decodeBase32IgnorePadding(secret);
  const current = timeStep(now);
  for (const step of [current - 1, current, current + 1]) {
    if (after !== null && step <= after) continue;
    if (generateHOTP(key, BigInt(step), DIGITS) === code) return step;
  }
  return undefined;
}

export function keysOf(ctx: AppContext): SealKeys {
  return sealKeys(ctx.config);
}

function hashCode(code: string): string {
  return createHash('sha256').update(code.toUpperCase()).digest('hex');
}

/** Whether ADMIN_MFA makes two-factor sign-in compulsory for this account. */
export function mfaRequiredFor(ctx: AppContext, user: Pick<SessionUser, 'isAdmin' | 'isSuperAdmin'>): boolean {
  return ctx.config.adminMfa === 'required' && (user.isAdmin || user.isSuperAdmin);
}

export async function mfaStatus(ctx: AppContext, user: SessionUser): Promise<TMfaStatus> {
  const left = await ctx.db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, user.id), isNull(mfaRecoveryCodes.usedAt)));
  return { enabled: user.mfaEnabled, required: mfaRequiredFor(ctx, user), recoveryCodesLeft: user.mfaEnabled ? (left[0]?.n ?? 0) : 0 };
}

/** A new key to scan; it takes effect once a code from it is verified. */
export async function startEnrollment(ctx: AppContext, user: SessionUser): Promise<{ secret: string; otpauthUrl: string }> {
  if (user.mfaEnabled) throw conflict(MFA_MESSAGES.alreadyOn);
  const key = randomBytes(20);
  const secret = encodeBase32UpperCaseNoPadding(key);
  const sealed = seal(keysOf(ctx), secret, 'totp');
  await withTransaction(ctx, user, ({ tx }) => tx.update(users).set({ mfaPendingSecret: sealed }).where(eq(users.id, user.id)));
  return { secret, otpauthUrl: createTOTPKeyURI(PROGRAMME_NAME, user.email, key, STEP_SECONDS, DIGITS) };
}

async function newRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = encodeBase32UpperCaseNoPadding(randomBytes(10)).slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.insert(mfaRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c.replace('-', '')) })));
  return codes;
}

/**
 * The counters a code attempt is charged to: the address, and the account, or, for a browser that
 * completed a sign-in to this account before, its device cookie instead (like the password step).
 */
function codeLimits(ctx: AppContext, userId: string, address: string, device?: Device): [Limit, Limit] {
  const { rateLimits } = ctx.config;
  return [
    device
      ? { key: `mfa:device:${device.nonce}`, max: rateLimits.loginPerAccount, windowMs: rateLimits.loginWindowMs }
      : { key: `mfa:account:${userId}`, max: rateLimits.loginPerAccount, windowMs: rateLimits.loginWindowMs },
    { key: `mfa:address:${address}`, max: rateLimits.loginPerAddress, windowMs: rateLimits.loginWindowMs },
  ];
}

/** Turns two-factor sign-in on with a first code from the enrolled key; answers the recovery codes, shown once. */
export async function finishEnrollment(ctx: AppContext, user: SessionUser, code: string, address: string): Promise<string[]> {
  const limits = codeLimits(ctx, user.id, address);
  await consumeAll(ctx.db, limits, ctx.clock.now(), MFA_MESSAGES.tooMany);
  const codes = await withTransaction(ctx, user, async (m) => {
    const { tx, now } = m;
    const row = (await tx.select().from(users).where(eq(users.id, user.id)).for('update'))[0];
    if (!row) throw new AppError('UNAUTHORIZED', 'You must be logged in');
    if (row.mfaEnabledAt) throw conflict(MFA_MESSAGES.alreadyOn);
    if (!row.mfaPendingSecret) throw badRequest(MFA_MESSAGES.notEnrolling, 'code');
    const step = matchingStep(unseal(keysOf(ctx), row.mfaPendingSecret, 'totp'), code, ctx.clock.real(), null);
    if (step === undefined) throw badRequest(MFA_MESSAGES.invalid, 'code');
    // Under a password a super admin set, whoever set it may be the one enrolling (issue 40 item 12):
    // the factor's approvals of a large withdrawal wait PAYOUT_APPROVER_MIN_AGE_HOURS (wallet/service.ts).
    const underSetPassword = !row.passwordChosenBySelf;
    await tx
      .update(users)
      .set({ mfaSecret: row.mfaPendingSecret, mfaPendingSecret: null, mfaEnabledAt: now, mfaLastStep: step, mfaEnrolledUnderSetPassword: underSetPassword })
      .where(eq(users.id, user.id));
    if (row.isAdmin || row.isSuperAdmin) {
      // Every admin hears of it, the account's owner included: their mailbox is where a stranger's enrolment shows.
      await m.audit('enable_mfa', { type: 'admin', id: user.id }, underSetPassword ? `${user.email} (under a password a super admin set)` : user.email);
      await tellAdmins(m, { kind: 'mfa_on', email: user.email, underSetPassword });
    }
    return newRecoveryCodes(tx, user.id);
  });
  await refund(ctx.db, ctx.clock.now(), { cleared: [limits[0] as Limit], refunded: [limits[1] as Limit] });
  return codes;
}

/**
 * Checks a second factor for `userId` inside `tx`: a TOTP code of a step not used before (the step
 * is then recorded), or an unused recovery code (then spent). Throws 400 otherwise. `at`: the
 * programme's time (a recovery code's use), `codeTime`: the real time the code's step is read from.
 */
export async function consumeSecondFactor(
  tx: Db,
  keys: SealKeys,
  userId: string,
  code: string,
  at: { now: Date; codeTime: Date },
): Promise<'totp' | 'recovery'> {
  const { now, codeTime } = at;
  const row = (await tx.select().from(users).where(eq(users.id, userId)).for('update'))[0];
  if (!row?.mfaSecret) throw badRequest(MFA_MESSAGES.notOn, 'code');
  const step = matchingStep(unseal(keys, row.mfaSecret, 'totp'), code, codeTime, row.mfaLastStep);
  if (step !== undefined) {
    await tx.update(users).set({ mfaLastStep: step }).where(eq(users.id, userId));
    return 'totp';
  }
  const spent = await tx
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, hashCode(code)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ userId: mfaRecoveryCodes.userId });
  if (spent.length) return 'recovery';
  throw badRequest(MFA_MESSAGES.invalid, 'code');
}

/** New recovery codes (the old ones stop working), for a signed-in account that proves its second factor. */
export async function regenerateRecoveryCodes(ctx: AppContext, user: SessionUser, code: string, address: string): Promise<string[]> {
  await consumeAll(ctx.db, codeLimits(ctx, user.id, address), ctx.clock.now(), MFA_MESSAGES.tooMany);
  return withTransaction(ctx, user, async ({ tx, now }) => {
    await consumeSecondFactor(tx, keysOf(ctx), user.id, code, { now, codeTime: ctx.clock.real() });
    return newRecoveryCodes(tx, user.id);
  });
}

/** Turns two-factor sign-in off, with a code, where ADMIN_MFA allows it. */
export async function disableMfa(ctx: AppContext, user: SessionUser, code: string, address: string): Promise<void> {
  if (mfaRequiredFor(ctx, user)) throw forbidden(MFA_MESSAGES.requiredForAdmins);
  await consumeAll(ctx.db, codeLimits(ctx, user.id, address), ctx.clock.now(), MFA_MESSAGES.tooMany);
  await withTransaction(ctx, user, async (m) => {
    const { tx, now } = m;
    await consumeSecondFactor(tx, keysOf(ctx), user.id, code, { now, codeTime: ctx.clock.real() });
    await tx
      .update(users)
      .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null, mfaEnrolledUnderSetPassword: false })
      .where(eq(users.id, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    if (user.isAdmin || user.isSuperAdmin) {
      await m.audit('disable_mfa', { type: 'admin', id: user.id }, user.email);
      await tellAdmins(m, { kind: 'mfa_off', email: user.email });
    }
  });
}

export { codeLimits };

/**
 * At start: every TOTP key stored in clear (before keys were sealed) or sealed with a retired key
 * (DATA_ENCRYPTION_KEY_PREVIOUS) is sealed with the current key. Each row is replaced only if it
 * still holds what was read (several instances may start at once). A value no configured key opens
 * is left as it is and named in the log: that admin signs in with a recovery code and enrols again.
 */
export async function resealTotpSecrets(ctx: AppContext): Promise<{ resealed: number; unreadable: number }> {
  const keys = keysOf(ctx);
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, mfaSecret: users.mfaSecret, mfaPendingSecret: users.mfaPendingSecret })
    .from(users)
    .where(or(isNotNull(users.mfaSecret), isNotNull(users.mfaPendingSecret)));
  const { resealed, unreadable } = await resealSecrets(keys, 'totp', rows, ['mfaSecret', 'mfaPendingSecret'], {
    clearText: true,
    replace: (row, column, stored, sealed) =>
      ctx.db
        .update(users)
        .set({ [column]: sealed })
        .where(and(eq(users.id, row.id), eq(users[column], stored))),
    unreadable: (row, error) =>
      ctx.log.error({ account: row.email, err: error instanceof Error ? error.message : String(error) }, 'a two-factor key could not be opened'),
  });
  if (resealed) ctx.log.info(`sealed ${resealed} two-factor key(s) with the current DATA_ENCRYPTION_KEY`);
  return { resealed, unreadable };
}
