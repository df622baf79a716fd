import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales.ts';
import { randomUUID } from 'node:crypto';
import { asFlags, deviceHash, flaggedFilter, flaggedListPage, flagsColumn, networkHash } from '../abuse/index.ts';
import { recordReferral, referralOnApproval, referralOnRejection, referrerForApplication } from '../referrals/index.ts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { ApplicationFilter, TApplication, TApplicationView } from '../../../shared/schemas/applications.ts';
import type { TListQuery } from '../../../shared/schemas/common.ts';
import { consume } from '../../auth/rate-limit.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { decidedOnce } from '../../db/decide-once.ts';
import { cursorColumns, paged, type SortKey } from '../../db/paging.ts';
import { containsAny } from '../../db/search.ts';
import { ambassadorApplications, ambassadors, programmeTotals, users } from '../../db/schema.ts';
import { UNIQUE_VIOLATION, conflict, notFound, pgErrorCode } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { alreadyAppliedEmail, applicationReceivedEmail, applicationRejectedEmail } from '../../email/templates.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { issueSetupToken } from '../auth/index.ts';
import { isUuid } from '../ids.ts';
import { figures } from '../analytics/index.ts';
import { assertReasonFits, reasonFields, serviceLevelOf, decisionChanges } from '../decisions/index.ts';
import { getSettings } from '../settings/index.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';

export const APPLICATION_EXISTS = 'An application with this email has already been submitted';
const ALREADY_PROCESSED = 'This application has already been processed';

type ApplicationRow = typeof ambassadorApplications.$inferSelect;

export function presentApplication(row: ApplicationRow): TApplicationView {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    country: row.country,
    personalTelegramHandle: row.personalTelegramHandle,
    socialMediaPlatforms: row.socialMediaPlatforms,
    twitterHandle: row.twitterHandle,
    instagramHandle: row.instagramHandle,
    telegramHandle: row.telegramHandle,
    facebookHandle: row.facebookHandle,
    youtubeHandle: row.youtubeHandle,
    totalFollowers: row.totalFollowers,
    whyJoin: row.whyJoin,
    experience: row.experience,
    status: row.status,
    adminNotes: row.adminNotes,
    rejectedAt: row.rejectedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ...reasonFields(row.status === 'rejected', row.reasonCode, row.adminNotes, row.decisionFlags),
  };
}

/** Where an application came from: the browser's device id, and the `ref` cookie's referral code when it has one. */
export interface ApplicationOrigin {
  address: string;
  deviceId: string;
  referralCookie?: string | undefined;
}

export async function submitApplication(ctx: AppContext, input: TApplication, origin: ApplicationOrigin, locale: Locale): Promise<TApplicationView> {
  const { address } = origin;
  const now = ctx.clock.now();
  await consume(
    ctx.db,
    { key: `applications:address:${address}`, max: ctx.config.rateLimits.applicationsPerHour, windowMs: 3_600_000 },
    now,
    'Too many applications from this address. Please try again later.',
  );
  try {
    return await withTransaction(ctx, null, async (m) => {
      const { tx } = m;
      // An unknown code sent in the body is refused before anything is stored (the cookie's is ignored).
      const referrer = await referrerForApplication(tx, { body: input.referralCode, cookie: origin.referralCookie });
      const taken = await emailTaken(tx, input.email);
      if (taken) return answerWithoutTelling(m, input, taken, locale);
      const rows = await tx
        .insert(ambassadorApplications)
        .values({
          ...applicationFields(input),
          locale: locale === DEFAULT_LOCALE ? null : locale,
          networkHash: networkHash(ctx.config.sessionSecret, address),
          deviceHash: deviceHash(ctx.config.sessionSecret, origin.deviceId),
          createdAt: now,
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned nothing');
      // The application keeps its referrer (DECISIONS §7).
      if (referrer) await recordReferral(m, row.id, referrer);
      figures.count(m, 'applications', row.createdAt);
      // The applicant hears what happens next; an address already known is emailed instead (below).
      await m.email(row.email, applicationReceivedEmail({ name: row.fullName, appUrl: ctx.config.appUrl, locale }));
      const view = presentApplication(row);
      await m.event('application.created', view);
      return view;
    });
  } catch (error) {
    // The same email applied twice at once: the second is answered like the first.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return withTransaction(ctx, null, (m) => answerWithoutTelling(m, input, 'application', locale));
    throw error;
  }
}

/** What an application stores of what was sent. */
function applicationFields(input: TApplication) {
  return {
    fullName: input.fullName,
    email: input.email,
    country: input.country,
    personalTelegramHandle: input.personalTelegramHandle,
    socialMediaPlatforms: input.socialMediaPlatforms,
    twitterHandle: input.twitterHandle,
    instagramHandle: input.instagramHandle,
    telegramHandle: input.telegramHandle,
    facebookHandle: input.facebookHandle,
    youtubeHandle: input.youtubeHandle,
    totalFollowers: input.totalFollowers,
    whyJoin: input.whyJoin,
    experience: input.experience,
  };
}

async function emailTaken(tx: Db, email: string): Promise<'account' | 'application' | undefined> {
  if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, email))).length) return 'account';
  const live = await tx
    .select({ id: ambassadorApplications.id })
    .from(ambassadorApplications)
    .where(and(eq(ambassadorApplications.email, email), inArray(ambassadorApplications.status, ['pending', 'approved'])));
  return live.length ? 'application' : undefined;
}

/**
 * An email that already has an account or a live application gets the same answer as a new one
 * (DECISIONS §5, Admin accounts): the form must not tell a stranger who is an ambassador. The
 * owner of the address is told instead, by email. The answer's id belongs to no stored row.
 */
async function answerWithoutTelling(m: Mutation, input: TApplication, taken: 'account' | 'application', locale: Locale): Promise<TApplicationView> {
  // In the account's saved language when it has one, else in the language the form was sent in.
  const saved = taken === 'account' ? (await m.tx.select({ locale: users.locale }).from(users).where(eq(users.email, input.email)))[0]?.locale : null;
  await m.email(input.email, alreadyAppliedEmail({ name: input.fullName, reason: taken, appUrl: m.ctx.config.appUrl, locale: saved ?? locale }));
  return {
    id: randomUUID(),
    ...applicationFields(input),
    status: 'pending',
    adminNotes: null,
    rejectedAt: null,
    createdAt: m.now.toISOString(),
    decidedAt: null,
    ...reasonFields(false, null, null, null),
  };
}

/** Most followers first, then oldest: the order of applications_pending_idx. */
const PENDING_KEYS: SortKey[] = [
  { column: ambassadorApplications.totalFollowers, direction: 'desc', kind: 'int' },
  { column: ambassadorApplications.createdAt, direction: 'asc', kind: 'timestamp' },
  { column: ambassadorApplications.id, direction: 'asc', kind: 'uuid' },
];

type ApplicationListQuery = Pick<TListQuery, 'search'> & { flagged?: boolean | undefined; status?: ApplicationFilter | undefined };

/**
 * The admin list of applications (its export reads the same): pending unless another status (or
 * `all`) is asked for, search, 'Flagged only', most followers first.
 */
export function applicationList(ctx: AppContext, query: ApplicationListQuery) {
  const status = query.status ?? 'pending';
  return {
    keys: PENDING_KEYS,
    filter: and(
      status === 'all' ? undefined : eq(ambassadorApplications.status, status),
      containsAny(query.search, ambassadorApplications.fullName, ambassadorApplications.email),
      query.flagged ? flaggedFilter('applications') : undefined,
    ),
    select: paged(() =>
      ctx.db.select({ row: ambassadorApplications, flags: flagsColumn('applications'), ...cursorColumns(PENDING_KEYS) }).from(ambassadorApplications),
    ),
  };
}

export async function listPendingApplications(ctx: AppContext, query: TListQuery & { flagged?: boolean | undefined; status?: ApplicationFilter | undefined }) {
  const { rows, ...page } = await flaggedListPage(ctx.db, ambassadorApplications, query, applicationList(ctx, query));
  const now = ctx.clock.now();
  const level = (await getSettings(ctx)).serviceLevels.applications;
  return {
    items: rows.map((r) => ({
      ...presentApplication(r.row),
      flags: asFlags(r.flags),
      serviceLevel: serviceLevelOf(r.row.status === 'pending', r.row.createdAt, level, now),
    })),
    ...page,
  };
}

/** Moves a pending application on, exactly once even under races; 404 / 409 otherwise. */
async function decide(tx: AppContext['db'], id: string, set: PgUpdateSetSource<typeof ambassadorApplications>): Promise<ApplicationRow> {
  if (!isUuid(id)) throw notFound('Application not found');
  return decidedOnce(
    await tx
      .update(ambassadorApplications)
      .set(set)
      .where(and(eq(ambassadorApplications.id, id), eq(ambassadorApplications.status, 'pending')))
      .returning(),
    () => tx.select({ id: ambassadorApplications.id }).from(ambassadorApplications).where(eq(ambassadorApplications.id, id)),
    { notFound: 'Application not found', alreadyDecided: ALREADY_PROCESSED },
  );
}

/**
 * One transaction: the user, the ambassador (fields copied from the application),
 * a setup token, its email in the outbox, the new status and the activity row.
 */
export async function approveApplication(ctx: AppContext, actor: SessionUser, id: string): Promise<{ ambassadorId: string }> {
  return withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const application = await decide(tx, id, { status: 'approved', reviewedBy: actor.id, decidedAt: now });
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [application.email]));
    if (taken.length) throw conflict(AUTH_MESSAGES.accountExists);
    const userRows = await tx
      .insert(users)
      .values({ email: application.email, username: application.email, fullName: application.fullName, locale: application.locale, createdAt: now })
      .returning({ id: users.id });
    const userId = userRows[0]?.id;
    if (!userId) throw new Error('user insert returned nothing');
    const ambassadorRows = await tx
      .insert(ambassadors)
      .values({
        userId,
        applicationId: application.id,
        fullName: application.fullName,
        email: application.email,
        country: application.country,
        personalTelegramHandle: application.personalTelegramHandle,
        twitterHandle: application.twitterHandle,
        instagramHandle: application.instagramHandle,
        telegramHandle: application.telegramHandle,
        facebookHandle: application.facebookHandle,
        youtubeHandle: application.youtubeHandle,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: ambassadors.id });
    const ambassadorId = ambassadorRows[0]?.id;
    if (!ambassadorId) throw new Error('ambassador insert returned nothing');
    // The referral of the application (if any) names its referee, and qualifies under an `approved` rule.
    await referralOnApproval(m, application.id, ambassadorId);
    figures.count(m, 'approvedApplications', now);
    await tx
      .update(programmeTotals)
      .set({ ambassadorCount: sql`${programmeTotals.ambassadorCount} + 1` })
      .where(eq(programmeTotals.id, 'global'));
    // The account keeps the language the applicant applied in (its emails, the setup link's first), until they choose another.
    await issueSetupToken(m, { userId, email: application.email, name: application.fullName, reason: 'approved' });
    await m.event('application.decided', { ...presentApplication(application), ambassadorId });
    await m.audit(
      'approve_application',
      { type: 'application', id: application.id },
      `${application.fullName} <${application.email}>`,
      decisionChanges('pending', 'approved', {}, null),
    );
    return { ambassadorId };
  });
}

/**
 * A reject, with its reason code (null: none recorded) and facts (DECISIONS §6: the older
 * `adminNotes` are read as them). The applicant's kind, final email carries the reason, its rule
 * and the facts; an application has no appeal.
 */
export async function rejectApplication(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  facts: string | null,
  reasonCode: ReasonCode | null = null,
): Promise<void> {
  assertReasonFits('application', reasonCode);
  await withTransaction(ctx, actor, async (m) => {
    const application = await decide(m.tx, id, {
      status: 'rejected',
      rejectedAt: m.now,
      decidedAt: m.now,
      reviewedBy: actor.id,
      adminNotes: facts,
      reasonCode,
      // The abuse flags that had fired, as the admin saw them, told with the rejection (DECISIONS §6).
      decisionFlags: flagsColumn('applications'),
    });
    await referralOnRejection(m, application.id);
    await m.email(
      application.email,
      applicationRejectedEmail({
        name: application.fullName,
        appUrl: ctx.config.appUrl,
        reason: { code: reasonCode, facts },
        locale: application.locale,
      }),
    );
    await m.event('application.decided', presentApplication(application));
    await m.audit(
      'reject_application',
      { type: 'application', id: application.id },
      `${application.fullName} <${application.email}>; reason: ${reasonCode ?? 'none recorded'}${facts ? `: ${facts}` : ''}`,
      decisionChanges('pending', 'rejected', { reasonCode: [null, reasonCode] }, facts),
    );
  });
}

export async function pendingApplicationCount(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.select({ n: count() }).from(ambassadorApplications).where(eq(ambassadorApplications.status, 'pending'));
  return rows[0]?.n ?? 0;
}
