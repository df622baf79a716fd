/**
 * Referrals (DECISIONS §7, Referrals; docs/referrals.md).
 *
 * - Attribution: `/r/{code}` counts a click (one per visitor a day, known bots not counted) and the
 *   browser keeps the code in the `ref` cookie; an application sent with a code (the body's, else the
 *   cookie's) gets a referral row naming its referrer, in the application's transaction.
 * - Qualification: when the event the running month's terms name happens (the application approved,
 *   or the referee's first report approved), in that event's transaction. The referral's row is locked
 *   and moves on from `applied` once, so a replayed or raced event finds it gone; the referrer's row is
 *   locked before the month's cap is counted, so parallel qualifications queue on it.
 * - Outcome: a suspended or removed referrer earns nothing new (not_credited); a referral whose
 *   referrer and referee share a flag is held with the flag; else it is credited up to the cap
 *   ('Referral: {name}' in the ledger, `referral.credited` in the public log) or not credited (cap).
 * - Held referrals: an admin releases (credited as above) or refuses them with a reason; a refusal can
 *   be appealed once by the referrer, decided by another admin (the appeals queue).
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { ReasonCode } from '../../../shared/reasons.ts';
import { LEDGER_DESCRIPTIONS } from '../../../shared/ledger-descriptions.ts';
import { seasonOf } from '../../../shared/seasons.ts';
import type { TListQuery } from '../../../shared/schemas/common.ts';
import { type TAppealView } from '../../../shared/schemas/decisions.ts';
import { DECISION_MESSAGES, REFERRAL_MESSAGES } from '../../../shared/schemas/messages.ts';
import {
  REFERRAL_CODE_PATTERN,
  REFERRAL_HOLD_FLAGS,
  type ReferralHoldFlag,
  type ReferralStatus,
  type TAdminReferral,
  type TReferralItem,
  type TReferralRule,
  type TReferralsView,
} from '../../../shared/schemas/referrals.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { utcDay } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { boundedCount, cursorColumns, listPage, paged, type SortKey } from '../../db/paging.ts';
import {
  ambassadorApplications,
  ambassadorSightings,
  ambassadors,
  appeals,
  referralClicks,
  referrals,
  seasons,
  walletProofs,
  withdrawalRequests,
} from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { deviceHash, networkHash } from '../abuse/index.ts';
import { adminName, appealDeadline, assertReasonFits, appealOnce, fileAppeal } from '../decisions/index.ts';
import { isUuid } from '../ids.ts';
import * as ledger from '../ledger/index.ts';
import { appendLog } from '../public-log/index.ts';
import { notify } from '../notifications/index.ts';
import { referralNotification, type NotificationContent } from '../../email/notifications.ts';

type ReferralRow = typeof referrals.$inferSelect;
type AmbassadorRow = typeof ambassadors.$inferSelect;

/** A well-formed code (case and spaces aside), lower-cased; undefined for anything else. */
export function readReferralCode(value: string | null | undefined): string | undefined {
  const code = value?.trim().toLowerCase();
  return code && REFERRAL_CODE_PATTERN.test(code) ? code : undefined;
}

async function referrerOf(db: Db, code: string): Promise<{ id: string; userId: string } | undefined> {
  return (await db.select({ id: ambassadors.id, userId: ambassadors.userId }).from(ambassadors).where(eq(ambassadors.referralCode, code)).limit(1))[0];
}

/** The referrer a link's code names (any case, spaces aside); undefined for garbage or a code that is nobody's. */
export async function referrerByCode(db: Db, value: string | undefined): Promise<{ id: string; userId: string; code: string } | undefined> {
  const code = readReferralCode(value);
  const referrer = code ? await referrerOf(db, code) : undefined;
  return referrer && code ? { ...referrer, code } : undefined;
}

/**
 * A click on the referrer's link, counted once per visitor a day: the visitor is its device id and,
 * for a browser that keeps no cookie, its address and user agent (both kept as HMACs). A known bot's
 * click, or one without a user agent, is not counted.
 */
export async function countClick(
  ctx: AppContext,
  referrer: { id: string; userId: string },
  visitor: { deviceId: string; address: string; userAgent: string | undefined },
): Promise<boolean> {
  const userAgent = visitor.userAgent?.trim();
  if (!userAgent || isbot(userAgent)) return false;
  const secret = ctx.config.sessionSecret;
  return withTransaction(ctx, null, async (m) => {
    const counted = await m.tx
      .insert(referralClicks)
      .values({
        ambassadorId: referrer.id,
        day: utcDay(m.now),
        visitor: deviceHash(secret, visitor.deviceId),
        network: networkHash(secret, `${visitor.address}\n${userAgent}`),
        createdAt: m.now,
      })
      // Either key seen today for this referrer: not counted again.
      .onConflictDoNothing()
      .returning({ day: referralClicks.day });
    if (counted.length) m.concerns(referrer.userId);
    return counted.length > 0;
  });
}

/**
 * The referrer of an application (in its transaction): the body's code, which must be a referrer's
 * (400 REFERRAL_CODE_UNKNOWN, nothing stored), else the `ref` cookie's, ignored when it names nobody
 * (a link followed before its referrer was removed must not stop an application).
 */
export async function referrerForApplication(
  db: Db,
  sent: { body: string | null | undefined; cookie: string | undefined },
): Promise<{ id: string; userId: string } | undefined> {
  if (sent.body) {
    const code = readReferralCode(sent.body);
    const referrer = code ? await referrerOf(db, code) : undefined;
    if (!referrer) throw badRequest(REFERRAL_MESSAGES.unknownCode, 'referralCode', 'REFERRAL_CODE_UNKNOWN');
    return referrer;
  }
  const code = readReferralCode(sent.cookie);
  return code ? referrerOf(db, code) : undefined;
}

/** The application's referral, in the application's transaction. */
export async function recordReferral(m: Mutation, applicationId: string, referrer: { id: string; userId: string }): Promise<void> {
  await m.tx.insert(referrals).values({ referrerId: referrer.id, applicationId, createdAt: m.now });
  m.concerns(referrer.userId);
}

/** The application was approved: the referee's record is linked, and the referral qualifies if the month's rule says so. */
export async function referralOnApproval(m: Mutation, applicationId: string, refereeId: string): Promise<void> {
  const linked = await m.tx.update(referrals).set({ refereeId }).where(eq(referrals.applicationId, applicationId)).returning({ id: referrals.id });
  const referral = linked[0];
  if (referral) await qualify(m, referral.id, 'approved');
}

/** The application was rejected: its referral will never qualify. */
export async function referralOnRejection(m: Mutation, applicationId: string): Promise<void> {
  const moved = await m.tx
    .update(referrals)
    .set({ status: 'not_approved' })
    .where(and(eq(referrals.applicationId, applicationId), eq(referrals.status, 'applied')))
    .returning({ referrerId: referrals.referrerId });
  await tellReferrer(m, moved[0]?.referrerId ?? null);
}

/** A report of the referee was approved (on review or on appeal): their first qualifies under a `first_report` rule. */
export async function referralOnReportApproved(m: Mutation, refereeId: string): Promise<void> {
  const open = await m.tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.refereeId, refereeId), eq(referrals.status, 'applied')))
    .limit(1);
  const referral = open[0];
  if (referral) await qualify(m, referral.id, 'first_report');
}

/** The rule the month's terms fixed (null: none, or a month without protocol 2 terms). */
export async function ruleOfMonth(db: Db, month: string): Promise<TReferralRule | null> {
  const row = (await db.select({ terms: seasons.terms }).from(seasons).where(eq(seasons.month, month)))[0];
  return row?.terms?.referral ?? null;
}

/**
 * The qualifying event `event` happened for the referral, in the event's transaction: under the
 * running month's rule, once (the row is locked, and only an `applied` one moves on).
 */
async function qualify(m: Mutation, referralId: string, event: TReferralRule['qualify']): Promise<void> {
  const { tx, now } = m;
  const month = seasonOf(now);
  const rule = await ruleOfMonth(tx, month);
  if (!rule || rule.qualify !== event) return;
  const referral = (
    await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.id, referralId), eq(referrals.status, 'applied')))
      .for('update')
  )[0];
  if (!referral) return;
  const referrer = referral.referrerId ? await lockReferrer(tx, referral.referrerId) : undefined;
  const qualified = { month, rule, qualifiedAt: now };
  if (!referrer || referrer.status !== 'active') {
    await tx
      .update(referrals)
      .set({ ...qualified, status: 'not_credited', reason: 'referrer_suspended' })
      .where(eq(referrals.id, referral.id));
    await tellReferrer(m, referrer?.id ?? null);
    return;
  }
  const flags = await sharedFlags(tx, referral, referrer);
  if (flags.length) {
    await tx
      .update(referrals)
      .set({ ...qualified, status: 'held', flags, reason: flags[0] ?? null })
      .where(eq(referrals.id, referral.id));
    await tellReferrer(m, referrer.id);
    await notifyReferrer(m, referrer, referral.applicationId, (referee, locale) =>
      referralNotification({ referee, outcome: 'held', appUrl: m.ctx.config.appUrl }, locale),
    );
    return;
  }
  await tx.update(referrals).set(qualified).where(eq(referrals.id, referral.id));
  await credit(m, { ...referral, ...qualified }, referrer);
}

async function lockReferrer(tx: Db, id: string): Promise<AmbassadorRow | undefined> {
  return (await tx.select().from(ambassadors).where(eq(ambassadors.id, id)).for('update'))[0];
}

/**
 * Credits a qualified referral to its (locked, active) referrer under the rule of its month, unless
 * the referrer already has the rule's cap of referrals credited that month; the ledger's entries
 * are unique per referral and currency, and the log's entry names no one.
 */
async function credit(
  m: Mutation,
  referral: ReferralRow & { month: string; rule: TReferralRule; qualifiedAt: Date },
  referrer: AmbassadorRow,
): Promise<ReferralStatus> {
  const { tx, now } = m;
  const { month, rule } = referral;
  const done = await tx
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrer.id), eq(referrals.month, month), eq(referrals.status, 'credited')));
  if ((done[0]?.n ?? 0) >= rule.monthlyCap) {
    await tx.update(referrals).set({ status: 'not_credited', reason: 'monthly_cap' }).where(eq(referrals.id, referral.id));
    await tellReferrer(m, referrer.id);
    return 'not_credited';
  }
  const referee = (
    await tx.select({ fullName: ambassadorApplications.fullName }).from(ambassadorApplications).where(eq(ambassadorApplications.id, referral.applicationId))
  )[0];
  const description = LEDGER_DESCRIPTIONS.referral(referee?.fullName ?? 'a referee');
  for (const [currency, amount] of [
    ['GCM', rule.gcm],
    ['USDT', rule.usdt],
  ] as const) {
    await ledger.post(m, { ambassadorId: referrer.id, type: 'referral', currency, amount, ...description, referralId: referral.id });
  }
  await tx.update(referrals).set({ status: 'credited', reason: null, creditedAt: now }).where(eq(referrals.id, referral.id));
  const credited = {
    month,
    referralId: referral.id,
    ambassadorId: referrer.id,
    rule: { qualify: rule.qualify, gcm: rule.gcm, usdt: rule.usdt, monthlyCap: rule.monthlyCap },
    qualifiedAt: referral.qualifiedAt.toISOString(),
  };
  await appendLog(m, 'referral.credited', credited);
  // Integrations hear it too (DECISIONS §7, Webhooks): what the log says, with the referee's application.
  await m.event('referral.credited', { id: referral.id, ...credited, applicationId: referral.applicationId, creditedAt: now.toISOString() });
  await tellReferrer(m, referrer.id);
  await notifyReferrer(m, referrer, referral.applicationId, (name, locale) =>
    referralNotification({ referee: name, outcome: 'credited', gcm: rule.gcm, usdt: rule.usdt, appUrl: m.ctx.config.appUrl }, locale),
  );
  return 'credited';
}

/** The referrer hears of their referral in the app (and on Telegram where linked), in their saved language, named by the referee's application. */
async function notifyReferrer(
  m: Mutation,
  referrer: { userId: string },
  applicationId: string,
  write: (referee: string, locale: string | null) => NotificationContent,
): Promise<void> {
  const referee = (
    await m.tx.select({ fullName: ambassadorApplications.fullName }).from(ambassadorApplications).where(eq(ambassadorApplications.id, applicationId))
  )[0];
  await notify(m, referrer.userId, (locale) => write(referee?.fullName ?? '', locale));
}

/** The referrer's own pages (Referrals, wallet) hear the change. */
async function tellReferrer(m: Mutation, referrerId: string | null): Promise<void> {
  if (!referrerId) return;
  const owner = (await m.tx.select({ userId: ambassadors.userId }).from(ambassadors).where(eq(ambassadors.id, referrerId)))[0];
  if (owner) m.concerns(owner.userId);
}

/** The browsers and networks an ambassador applied or signed in from (HMACs). */
async function tracesOf(tx: Db, ambassadorId: string | null, application: { deviceHash: string | null; networkHash: string | null } | undefined) {
  const sightings = ambassadorId
    ? await tx
        .select({ kind: ambassadorSightings.kind, hash: ambassadorSightings.hash })
        .from(ambassadorSightings)
        .where(eq(ambassadorSightings.ambassadorId, ambassadorId))
    : [];
  const of = (kind: 'device' | 'network', fromApplication: string | null | undefined) =>
    new Set([fromApplication, ...sightings.filter((s) => s.kind === kind).map((s) => s.hash)].filter((h): h is string => !!h));
  return { devices: of('device', application?.deviceHash), networks: of('network', application?.networkHash) };
}

const shares = (a: Set<string>, b: Set<string>) => [...a].some((x) => b.has(x));

/** gmail's dots and anyone's +tags aside, the address one mailbox receives. */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const base = local.split('+')[0] ?? '';
  const mailbox = domain === 'gmail.com' || domain === 'googlemail.com' ? base.replaceAll('.', '') : base;
  return `${mailbox}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

function telegramOf(handle: string | null | undefined): string | null {
  const plain = handle?.trim().toLowerCase().replace(/^@/, '');
  return plain ? plain : null;
}

/** Every payout address an ambassador saved, was paid to, or proved, lower-cased. */
async function walletsOf(tx: Db, ambassador: { id: string; usdtWalletAddress: string | null }): Promise<Set<string>> {
  const [paid, proven] = await Promise.all([
    tx.selectDistinct({ address: withdrawalRequests.walletAddress }).from(withdrawalRequests).where(eq(withdrawalRequests.ambassadorId, ambassador.id)),
    tx.selectDistinct({ address: walletProofs.address }).from(walletProofs).where(eq(walletProofs.ambassadorId, ambassador.id)),
  ]);
  return new Set(
    [ambassador.usdtWalletAddress, ...paid.map((r) => r.address), ...proven.map((r) => r.address)].filter((a): a is string => !!a).map((a) => a.toLowerCase()),
  );
}

/**
 * The flags referrer and referee share (DECISIONS §7), in REFERRAL_HOLD_FLAGS' order: the same
 * mailbox (the referee is the referrer), a payout address, a browser (its device id's HMAC, from the
 * applications and the sign-ins), the personal Telegram, a network address (its HMAC, likewise).
 */
async function sharedFlags(tx: Db, referral: ReferralRow, referrer: AmbassadorRow): Promise<ReferralHoldFlag[]> {
  const refereeApplication = (await tx.select().from(ambassadorApplications).where(eq(ambassadorApplications.id, referral.applicationId)))[0];
  if (!refereeApplication) return [];
  const referee = referral.refereeId ? (await tx.select().from(ambassadors).where(eq(ambassadors.id, referral.refereeId)))[0] : undefined;
  const referrerApplication = referrer.applicationId
    ? (await tx.select().from(ambassadorApplications).where(eq(ambassadorApplications.id, referrer.applicationId)))[0]
    : undefined;
  const flags = new Set<ReferralHoldFlag>();
  const refereeEmails = [refereeApplication.email, referee?.email].filter((e): e is string => !!e).map(mailboxOf);
  if (refereeEmails.includes(mailboxOf(referrer.email))) flags.add('self_referral');
  if (referee) {
    const [theirs, ours] = await Promise.all([walletsOf(tx, referee), walletsOf(tx, referrer)]);
    if ([...theirs].some((address) => ours.has(address))) flags.add('shared_wallet');
  }
  const [theirTraces, ourTraces] = await Promise.all([tracesOf(tx, referral.refereeId, refereeApplication), tracesOf(tx, referrer.id, referrerApplication)]);
  if (shares(theirTraces.devices, ourTraces.devices)) flags.add('shared_device');
  const referrerTelegram = telegramOf(referrer.personalTelegramHandle);
  if (referrerTelegram && [refereeApplication.personalTelegramHandle, referee?.personalTelegramHandle].some((h) => telegramOf(h) === referrerTelegram))
    flags.add('shared_telegram');
  if (shares(theirTraces.networks, ourTraces.networks)) flags.add('same_network');
  return REFERRAL_HOLD_FLAGS.filter((flag) => flags.has(flag));
}

/* -------------------------------------------------------------------------------------------------
 * Held referrals: the admins' list, release and refusal; the referrer's appeal of a refusal.
 * ----------------------------------------------------------------------------------------------- */

const ADMIN_KEYS: SortKey[] = [
  { column: referrals.createdAt, direction: 'asc', kind: 'timestamp' },
  { column: referrals.id, direction: 'asc', kind: 'uuid' },
];

const referrerPerson = sql<string | null>`(select ${ambassadors.fullName} from ${ambassadors} where ${ambassadors.id} = ${referrals.referrerId})`;
const referrerEmail = sql<string | null>`(select ${ambassadors.email} from ${ambassadors} where ${ambassadors.id} = ${referrals.referrerId})`;

/** GET /api/admin/referrals: held ones unless another status is asked for, oldest first. */
export async function listAdminReferrals(ctx: AppContext, query: TListQuery & { status?: ReferralStatus | undefined }) {
  const filter = eq(referrals.status, query.status ?? 'held');
  const { rows, ...page } = await listPage(query, {
    keys: ADMIN_KEYS,
    filter,
    count: (where) => boundedCount(ctx.db, referrals, where),
    select: paged(() => adminRows(ctx.db, cursorColumns(ADMIN_KEYS))),
  });
  return {
    ...page,
    items: rows.map((r): TAdminReferral =>
      presentAdmin(r.referral, { fullName: r.referee.fullName, email: r.referee.email }, r.referrerName, r.referrerEmail, r.decidedByName),
    ),
  };
}

function presentAdmin(
  row: ReferralRow,
  referee: { fullName: string; email: string },
  referrerName: string | null,
  referrerEmailAddress: string | null,
  decidedBy: string | null,
): TAdminReferral {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    flags: row.flags ?? [],
    referrer: { id: row.referrerId, fullName: referrerName, email: referrerEmailAddress },
    referee: { applicationId: row.applicationId, ambassadorId: row.refereeId, fullName: referee.fullName, email: referee.email },
    month: row.month,
    rule: row.rule ?? null,
    qualifiedAt: row.qualifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy,
    reasonCode: row.reasonCode,
    facts: row.facts,
  };
}

async function lockHeld(m: Mutation, id: string): Promise<ReferralRow & { month: string; rule: TReferralRule; qualifiedAt: Date }> {
  if (!isUuid(id)) throw notFound(REFERRAL_MESSAGES.notFound);
  const row = (await m.tx.select().from(referrals).where(eq(referrals.id, id.toLowerCase())).for('update'))[0];
  if (!row) throw notFound(REFERRAL_MESSAGES.notFound);
  if (row.status !== 'held' || !row.month || !row.rule || !row.qualifiedAt)
    throw new AppError('CONFLICT', REFERRAL_MESSAGES.notHeld, undefined, 'REFERRAL_NOT_HELD', { status: row.status });
  return { ...row, month: row.month, rule: row.rule, qualifiedAt: row.qualifiedAt };
}

/** Credits a held (or refused, on appeal) referral now: nothing for a referrer suspended or removed since. */
async function releaseLocked(m: Mutation, referral: ReferralRow & { month: string; rule: TReferralRule; qualifiedAt: Date }): Promise<ReferralStatus> {
  const referrer = referral.referrerId ? await lockReferrer(m.tx, referral.referrerId) : undefined;
  if (!referrer || referrer.status !== 'active') {
    await m.tx.update(referrals).set({ status: 'not_credited', reason: 'referrer_suspended' }).where(eq(referrals.id, referral.id));
    await tellReferrer(m, referrer?.id ?? null);
    return 'not_credited';
  }
  return credit(m, referral, referrer);
}

/** Referrals with what the admin view shows beside each (presentAdmin), and `more` columns. */
function adminRows(db: Db, more: Record<string, SQL<string>> = {}) {
  return db
    .select({
      referral: referrals,
      referee: { fullName: ambassadorApplications.fullName, email: ambassadorApplications.email },
      referrerName: referrerPerson,
      referrerEmail,
      decidedByName: adminName(referrals.decidedBy),
      ...more,
    })
    .from(referrals)
    .innerJoin(ambassadorApplications, eq(ambassadorApplications.id, referrals.applicationId));
}

async function presentOne(db: Db, id: string): Promise<TAdminReferral> {
  const r = (await adminRows(db).where(eq(referrals.id, id)))[0];
  if (!r) throw notFound(REFERRAL_MESSAGES.notFound);
  return presentAdmin(r.referral, r.referee, r.referrerName, r.referrerEmail, r.decidedByName);
}

export interface ReferralDecision {
  reasonCode: ReasonCode | null;
  facts: string | null;
}

/** POST /api/admin/referrals/{id}/release: a held referral is credited now (up to its month's cap), once. */
export async function releaseReferral(ctx: AppContext, actor: SessionUser, id: string, decision: ReferralDecision): Promise<TAdminReferral> {
  assertReasonFits('referral', decision.reasonCode);
  return withTransaction(ctx, actor, async (m) => {
    const referral = await lockHeld(m, id);
    const status = await releaseLocked(m, referral);
    await m.tx
      .update(referrals)
      .set({ decidedAt: m.now, decidedBy: actor.id, reasonCode: decision.reasonCode, facts: decision.facts })
      .where(eq(referrals.id, referral.id));
    await m.audit(
      'release_referral',
      { type: 'referral', id: referral.id },
      `held for ${referral.reason ?? 'a flag'}; now ${status}${decision.reasonCode ? `; reason: ${decision.reasonCode}` : ''}${decision.facts ? `; facts: ${decision.facts}` : ''}`,
      { status: ['held', status] },
    );
    return presentOne(m.tx, referral.id);
  });
}

/** POST /api/admin/referrals/{id}/refuse: a held referral earns nothing; its referrer may appeal once. */
export async function refuseReferral(ctx: AppContext, actor: SessionUser, id: string, decision: ReferralDecision): Promise<TAdminReferral> {
  assertReasonFits('referral', decision.reasonCode);
  return withTransaction(ctx, actor, async (m) => {
    const referral = await lockHeld(m, id);
    await m.tx
      .update(referrals)
      .set({ status: 'refused', reason: decision.reasonCode, decidedAt: m.now, decidedBy: actor.id, reasonCode: decision.reasonCode, facts: decision.facts })
      .where(eq(referrals.id, referral.id));
    await tellReferrer(m, referral.referrerId);
    const referrer = referral.referrerId ? (await m.tx.select().from(ambassadors).where(eq(ambassadors.id, referral.referrerId)))[0] : undefined;
    if (referrer)
      await notifyReferrer(m, referrer, referral.applicationId, (name, locale) =>
        referralNotification(
          { referee: name, outcome: 'refused', reason: { code: decision.reasonCode ?? null, facts: decision.facts ?? null }, appUrl: m.ctx.config.appUrl },
          locale,
        ),
      );
    await m.audit(
      'refuse_referral',
      { type: 'referral', id: referral.id },
      `held for ${referral.reason ?? 'a flag'}; reason: ${decision.reasonCode ?? 'none recorded'}${decision.facts ? `; facts: ${decision.facts}` : ''}`,
      { status: ['held', 'refused'], reasonCode: [null, decision.reasonCode] },
    );
    return presentOne(m.tx, referral.id);
  });
}

/**
 * POST /api/referrals/{id}/appeal: the referrer appeals a refusal, once, within 14 days of it; the
 * appeal waits in the admins' Appeals queue for an admin other than the one who refused.
 */
export async function appealReferral(ctx: AppContext, actor: SessionUser, referrerId: string, id: string, text: string): Promise<TAppealView> {
  return appealOnce(
    ctx,
    actor,
    id,
    {
      notFound: REFERRAL_MESSAGES.notFound,
      lock: async (m, referralId) =>
        (
          await m.tx
            .select()
            .from(referrals)
            .where(and(eq(referrals.id, referralId), eq(referrals.referrerId, referrerId)))
            .for('update')
        )[0],
      appealOf: (referralId) => eq(appeals.referralId, referralId),
    },
    (m, row, referralId) => {
      if (row.status !== 'refused' || !row.decidedAt) throw new AppError('CONFLICT', REFERRAL_MESSAGES.notAppealable, undefined, 'REFERRAL_NOT_APPEALABLE');
      return fileAppeal(
        m,
        {
          kind: 'referral',
          referralId,
          ambassadorId: referrerId,
          text,
          decisionReasonCode: row.reasonCode,
          decisionFacts: row.facts,
          decisionFlags: row.flags,
          decisionBy: row.decidedBy,
          decisionAt: row.decidedAt,
        },
        { action: 'appeal_referral', target: { type: 'referral', id: referralId } },
      );
    },
  );
}

/** An appeal of a refusal overturned (in the appeal's transaction): the referral is credited as a release would. */
export async function overturnReferralRefusal(m: Mutation, referralId: string): Promise<{ status: ReferralStatus; name: string | null }> {
  const row = (await m.tx.select().from(referrals).where(eq(referrals.id, referralId)).for('update'))[0];
  if (!row || row.status !== 'refused' || !row.month || !row.rule || !row.qualifiedAt) throw conflict(DECISION_MESSAGES.appealDecided);
  const status = await releaseLocked(m, { ...row, month: row.month, rule: row.rule, qualifiedAt: row.qualifiedAt });
  const name = (
    await m.tx.select({ fullName: ambassadorApplications.fullName }).from(ambassadorApplications).where(eq(ambassadorApplications.id, row.applicationId))
  )[0];
  return { status, name: name?.fullName ?? null };
}

/* -------------------------------------------------------------------------------------------------
 * The referrer's own view: GET /api/referrals.
 * ----------------------------------------------------------------------------------------------- */

/** At most this many referees are listed (newest first); the counts are of all of them. */
const OWN_ITEMS_MAX = 500;

export async function ownReferrals(ctx: AppContext, ambassador: AmbassadorRow): Promise<TReferralsView> {
  const now = ctx.clock.now();
  const mine = eq(referrals.referrerId, ambassador.id);
  const [clicks, counts, rows, rule] = await Promise.all([
    ctx.db.select({ n: count() }).from(referralClicks).where(eq(referralClicks.ambassadorId, ambassador.id)),
    ctx.db
      .select({
        applied: count(),
        qualified: count(referrals.qualifiedAt),
        credited: sql<number>`count(*) filter (where ${referrals.status} = 'credited')`.mapWith(Number),
        held: sql<number>`count(*) filter (where ${referrals.status} = 'held')`.mapWith(Number),
      })
      .from(referrals)
      .where(mine),
    ctx.db
      .select({ referral: referrals, name: ambassadorApplications.fullName, appeal: appeals })
      .from(referrals)
      .innerJoin(ambassadorApplications, eq(ambassadorApplications.id, referrals.applicationId))
      .leftJoin(appeals, eq(appeals.referralId, referrals.id))
      .where(mine)
      .orderBy(desc(referrals.createdAt), asc(referrals.id))
      .limit(OWN_ITEMS_MAX),
    ruleOfMonth(ctx.db, seasonOf(now)),
  ]);
  const total = counts[0];
  return {
    code: ambassador.referralCode,
    link: `${ctx.config.appUrl}/r/${ambassador.referralCode}`,
    clicks: clicks[0]?.n ?? 0,
    applied: total?.applied ?? 0,
    qualified: total?.qualified ?? 0,
    credited: total?.credited ?? 0,
    held: total?.held ?? 0,
    rule,
    items: rows.map(({ referral: r, name, appeal }): TReferralItem => {
      const at = r.creditedAt ?? r.decidedAt ?? r.qualifiedAt ?? r.createdAt;
      const deadline = r.status === 'refused' && r.decidedAt ? appealDeadline(r.decidedAt) : null;
      return {
        id: r.id,
        name,
        status: r.status,
        at: at.toISOString(),
        reason: r.reason,
        flags: r.flags ?? [],
        qualifiedAt: r.qualifiedAt?.toISOString() ?? null,
        month: r.month,
        rule: r.rule ?? null,
        facts: r.facts,
        appealOpen: !appeal && deadline !== null && now.getTime() <= deadline.getTime(),
        appeal: appeal ? { id: appeal.id, status: appeal.status, text: appeal.text, createdAt: appeal.createdAt.toISOString(), facts: appeal.facts } : null,
      };
    }),
  };
}

// Kept for the admin desk's badge counts and tests: held referrals waiting for an admin.
export async function heldReferralCount(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.select({ n: count() }).from(referrals).where(eq(referrals.status, 'held'));
  return rows[0]?.n ?? 0;
}
