import { DECISION_MESSAGES, REPORT_MESSAGES, WITHDRAWAL_MESSAGES } from '../../../shared/schemas/messages.ts';
import { referralOnReportApproved } from '../referrals/index.ts';
import { LEDGER_DESCRIPTIONS } from '../../../shared/ledger-descriptions.ts';
import { reportReviewedNotification } from '../../email/notifications.ts';
import { and, asc, count, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { type ReportStatus, type TOwnReportsQuery } from '../../../shared/schemas/reports.ts';
import type { TListQuery } from '../../../shared/schemas/common.ts';
import { OWN_REPORTS_MAX } from '../../../shared/limits.ts';
import type { TAdminReportView, TReportView } from '../../../shared/schemas/reports.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { utcDay } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { decidedOnce } from '../../db/decide-once.ts';
import { ambassadorSearch } from '../../db/search.ts';
import { boundedCount, cursorColumns, listPage, paged, type SortKey, type Total } from '../../db/paging.ts';
import { ambassadors, appeals, reportLinks, users, weeklyReports } from '../../db/schema.ts';
import { appealDeadline, appealDeciderName, appealFields, assertReasonFits, reasonFields, serviceLevelOf, type AppealRow } from '../decisions/index.ts';
import { decisionChanges } from '../decisions/index.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';
import { UNIQUE_VIOLATION, badRequest, conflict, forbidden, notFound, pgErrorCode, valueError } from '../../errors.ts';
import { reportReviewedEmail } from '../../email/templates.ts';
import { asFlags, flaggedFilter, flaggedListPage, flagsColumn, proofLinks } from '../abuse/index.ts';
import { withTransaction, type IdempotentHttp, type Mutation } from '../../mutation.ts';
import { tellAmbassador } from '../notifications/index.ts';
import * as ledger from '../ledger/index.ts';
import { effectiveMonthly } from '../ledger/index.ts';
import { getSettings } from '../settings/index.ts';
import { isUuid } from '../ids.ts';
import { figures } from '../analytics/index.ts';

type ReportRow = typeof weeklyReports.$inferSelect;
type AmbassadorRow = typeof ambassadors.$inferSelect;

/** A report as its owner and the admins read it, with a rejection's reason and its appeal (DECISIONS §6). */
export function presentReport(row: ReportRow, now: Date, appeal: AppealRow | null = null, appealDecider: string | null = null): TReportView {
  const rejected = row.status === 'rejected';
  return {
    id: row.id,
    ambassadorId: row.ambassadorId,
    weekStartDate: row.weekStartDate,
    weekEndDate: row.weekEndDate,
    activityReport: row.activityReport,
    gcmAwarded: row.gcmAwarded,
    usdtAwarded: row.usdtAwarded,
    adminNotes: row.adminNotes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    ...reasonFields(rejected, row.reasonCode, row.adminNotes, row.decisionFlags),
    ...appealFields(rejected ? row.reviewedAt : null, appeal, appealDecider, now),
  };
}

/** What a report's query selects beside it: its appeal (left join on appeals) and who decided that. */
const withAppeal = { appeal: appeals, appealDecider: appealDeciderName };

const OWN_LIST_KEYS: SortKey[] = [
  { column: weeklyReports.createdAt, direction: 'desc', kind: 'timestamp' },
  { column: weeklyReports.id, direction: 'desc', kind: 'uuid' },
];

/**
 * The ambassador's own reports, newest first (reports_ambassador_created_idx): every one of them
 * (up to OWN_REPORTS_MAX) without a limit, as the dashboard reads them, or one page of My Reports.
 */
export async function listOwnReports(
  ctx: AppContext,
  ambassadorId: string,
  query: TOwnReportsQuery = { offset: 0 },
): Promise<{ items: TReportView[] } & Total & { nextCursor: string | undefined }> {
  const { rows, ...page } = await listPage(
    { limit: query.limit ?? OWN_REPORTS_MAX, offset: query.offset, cursor: query.cursor },
    {
      keys: OWN_LIST_KEYS,
      filter: eq(weeklyReports.ambassadorId, ambassadorId),
      count: (filter) => boundedCount(ctx.db, weeklyReports, filter),
      select: paged(() =>
        ctx.db
          .select({ report: weeklyReports, ...withAppeal, ...cursorColumns(OWN_LIST_KEYS) })
          .from(weeklyReports)
          .leftJoin(appeals, eq(appeals.reportId, weeklyReports.id)),
      ),
    },
  );
  const now = ctx.clock.now();
  return { items: rows.map(({ report, appeal, appealDecider }) => presentReport(report, now, appeal, appealDecider)), ...page };
}

/** One of the ambassador's own reports; someone else's is not found, as an unknown one is. */
export async function getOwnReport(ctx: AppContext, ambassadorId: string, id: string): Promise<TReportView> {
  if (!isUuid(id)) throw notFound(REPORT_MESSAGES.notFound);
  const row = (
    await ctx.db
      .select({ report: weeklyReports, ...withAppeal })
      .from(weeklyReports)
      .leftJoin(appeals, eq(appeals.reportId, weeklyReports.id))
      .where(and(eq(weeklyReports.id, id.toLowerCase()), eq(weeklyReports.ambassadorId, ambassadorId)))
  )[0];
  if (!row) throw notFound(REPORT_MESSAGES.notFound);
  return presentReport(row.report, ctx.clock.now(), row.appeal, row.appealDecider);
}

export async function submitReport(
  ctx: AppContext,
  actor: SessionUser,
  ambassador: AmbassadorRow,
  input: { weekStartDate: string; weekEndDate: string; activityReport: string },
): Promise<TReportView> {
  if (ambassador.status !== 'active') throw forbidden(WITHDRAWAL_MESSAGES.suspended);
  const settings = await getSettings(ctx);
  if (!settings.reportSubmissionEnabled) throw forbidden(REPORT_MESSAGES.disabled);
  const now = ctx.clock.now();
  const today = utcDay(now);
  if (input.weekEndDate > today) throw badRequest(REPORT_MESSAGES.endInFuture, 'weekEndDate');
  try {
    return await withTransaction(ctx, actor, async (m) => {
      const { tx } = m;
      const rows = await tx
        .insert(weeklyReports)
        .values({
          ambassadorId: ambassador.id,
          weekStartDate: input.weekStartDate,
          weekEndDate: input.weekEndDate,
          activityReport: input.activityReport,
          submittedOn: today,
          createdAt: now,
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned nothing');
      await figures.reportSent(m, ambassador.id, row.createdAt);
      // Its proof links, for the duplicate_proof flag (features/abuse).
      const links = proofLinks(input.activityReport);
      if (links.length) await tx.insert(reportLinks).values(links.map((url) => ({ reportId: row.id, ambassadorId: ambassador.id, url })));
      const view = presentReport(row, now);
      await m.event('report.submitted', view);
      return view;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(REPORT_MESSAGES.onePerDay);
    throw error;
  }
}

const ADMIN_LIST_KEYS: SortKey[] = [
  { column: weeklyReports.createdAt, direction: 'desc', kind: 'timestamp' },
  { column: weeklyReports.id, direction: 'asc', kind: 'uuid' },
];

/** A report as the admin console shows it: with its ambassador and who holds a live review claim. */
function presentAdminReport(
  report: typeof weeklyReports.$inferSelect,
  ambassador: typeof ambassadors.$inferSelect,
  claimant: string | null,
  now: Date,
  flags: unknown,
  appeal: { appeal: AppealRow | null; appealDecider: string | null },
  serviceLevelDays: number,
): TAdminReportView {
  return {
    ...presentReport(report, now, appeal.appeal, appeal.appealDecider),
    flags: asFlags(flags),
    serviceLevel: serviceLevelOf(report.status === 'pending', report.createdAt, serviceLevelDays, now),
    // Who holds a live review claim on it ('Being reviewed by …'), and until when.
    claim:
      report.status === 'pending' && report.claimedUntil && report.claimedUntil.getTime() > now.getTime()
        ? { by: claimant ?? 'another admin', until: report.claimedUntil.toISOString() }
        : null,
    ambassador: {
      id: ambassador.id,
      fullName: ambassador.fullName,
      email: ambassador.email,
      country: ambassador.country,
      badgeLevel: effectiveMonthly(ambassador, now).badgeLevel,
      personalTelegramHandle: ambassador.personalTelegramHandle,
      twitterHandle: ambassador.twitterHandle,
      instagramHandle: ambassador.instagramHandle,
      telegramHandle: ambassador.telegramHandle,
      facebookHandle: ambassador.facebookHandle,
      youtubeHandle: ambassador.youtubeHandle,
    },
  };
}

const claimantName = sql<string | null>`(select coalesce(${users.fullName}, ${users.email}) from ${users} where ${users.id} = ${weeklyReports.claimedBy})`;

type ReportListQuery = Pick<TListQuery, 'search'> & { status?: ReportStatus | undefined; flagged?: boolean | undefined };

/** The admin list of reports (its export reads the same): status, search, 'Flagged only', newest first. */
export function reportList(ctx: AppContext, query: ReportListQuery) {
  return {
    keys: ADMIN_LIST_KEYS,
    filter: and(
      query.status ? eq(weeklyReports.status, query.status) : undefined,
      query.search
        ? inArray(weeklyReports.ambassadorId, ctx.db.select({ id: ambassadors.id }).from(ambassadors).where(ambassadorSearch(query.search)))
        : undefined,
      query.flagged ? flaggedFilter('reports') : undefined,
    ),
    select: paged(() =>
      ctx.db
        .select({
          report: weeklyReports,
          ambassador: ambassadors,
          claimant: claimantName,
          flags: flagsColumn('reports'),
          ...withAppeal,
          ...cursorColumns(ADMIN_LIST_KEYS),
        })
        .from(weeklyReports)
        .innerJoin(ambassadors, eq(ambassadors.id, weeklyReports.ambassadorId))
        .leftJoin(appeals, eq(appeals.reportId, weeklyReports.id)),
    ),
  };
}

export async function listReportsForAdmin(
  ctx: AppContext,
  query: TListQuery & { status?: ReportStatus | undefined; flagged?: boolean | undefined },
): Promise<{ items: TAdminReportView[] } & Total & { nextCursor: string | undefined }> {
  const { rows, ...page } = await flaggedListPage(ctx.db, weeklyReports, query, reportList(ctx, query));
  const now = ctx.clock.now();
  const level = (await getSettings(ctx)).serviceLevels.reports;
  const items = rows.map(({ report, ambassador, claimant, flags, appeal, appealDecider }) =>
    presentAdminReport(report, ambassador, claimant, now, flags, { appeal, appealDecider }, level),
  );
  return { items, ...page };
}

export interface ReviewInput {
  status: 'approved' | 'rejected';
  gcmAwarded: string;
  usdtAwarded: string;
  adminNotes: string | null;
  /** A reject's reason (DECISIONS §6); left out: recorded as none. Ignored for an approval. */
  reasonCode?: ReasonCode | null | undefined;
  /** The facts, shown to the person; the older `adminNotes` is read as them when left out. */
  facts?: string | null | undefined;
}

/**
 * Reviews a pending report exactly once (409 after that, even when two admins
 * submit at once). Approval credits the awards to the ledger in the same transaction.
 */
export async function reviewReport(ctx: AppContext, actor: SessionUser, id: string, input: ReviewInput, http?: IdempotentHttp): Promise<TReportView> {
  if (!isUuid(id)) throw notFound('Report not found');
  if (input.status === 'rejected') assertReasonFits('report', input.reasonCode);
  return withTransaction(
    ctx,
    actor,
    async (m) => {
      const { tx, now } = m;
      const approved = input.status === 'approved';
      const gcm = approved ? input.gcmAwarded : '0.00';
      const usdt = approved ? input.usdtAwarded : '0.00';
      const facts = input.facts ?? input.adminNotes ?? null;
      const reasonCode = approved ? null : (input.reasonCode ?? null);
      // Another admin's live claim stops the review (409 naming them); an expired claim does not.
      await assertNotClaimedByOther(tx, id, actor, now);
      const report = await decidedOnce(
        await tx
          .update(weeklyReports)
          .set({
            status: input.status,
            gcmAwarded: gcm,
            usdtAwarded: usdt,
            adminNotes: facts,
            reasonCode,
            // The abuse flags that had fired, as the admin saw them, told with the rejection (DECISIONS §6).
            decisionFlags: approved ? null : flagsColumn('reports'),
            reviewedAt: now,
            reviewedBy: actor.id,
            claimedBy: null,
            claimedUntil: null,
          })
          .where(and(eq(weeklyReports.id, id), eq(weeklyReports.status, 'pending')))
          .returning(),
        () => tx.select({ id: weeklyReports.id }).from(weeklyReports).where(eq(weeklyReports.id, id)),
        { notFound: 'Report not found', alreadyDecided: REPORT_MESSAGES.alreadyReviewed },
      );
      figures.reportReviewed(m, report.createdAt, now);
      if (approved) {
        await creditReportAwards(m, report, gcm, usdt);
        // The referee's first approved report qualifies their referral under a `first_report` rule, once.
        await referralOnReportApproved(m, report.ambassadorId);
      }
      const reason = approved
        ? undefined
        : { code: reasonCode, facts, appealDeadline: appealDeadline(now).toISOString(), factsLabel: 'feedback' as const, flags: report.decisionFlags };
      await tellAmbassador(m, report.ambassadorId, (person) => ({
        // My Reports opens this report's detail, with the feedback.
        notification: reportReviewedNotification(
          {
            reportId: report.id,
            week: { start: report.weekStartDate, end: report.weekEndDate },
            gcm,
            usdt,
            feedback: facts,
            appUrl: ctx.config.appUrl,
            ...(reason ? { reason } : {}),
          },
          person.locale,
        ),
        email: reportReviewedEmail({
          name: person.fullName,
          locale: person.locale,
          approved,
          week: { start: report.weekStartDate, end: report.weekEndDate },
          gcm,
          usdt,
          notes: facts,
          appUrl: ctx.config.appUrl,
          reportId: report.id,
          ...(reason ? { reason } : {}),
        }),
      }));
      await m.audit(
        input.status === 'approved' ? 'review_report_approved' : 'review_report_rejected',
        { type: 'report', id: report.id },
        `GCM ${gcm}, USDT ${usdt}${approved ? '' : `; reason: ${reasonCode ?? 'none recorded'}`}${facts ? `; notes: ${facts}` : ''}`,
        decisionChanges(
          'pending',
          input.status,
          approved ? { gcmAwarded: ['0.00', gcm], usdtAwarded: ['0.00', usdt] } : { reasonCode: [null, reasonCode] },
          facts,
        ),
      );
      const view = presentReport(report, now);
      await m.event('report.decided', view);
      return view;
    },
    { idempotency: http },
  );
}

export async function pendingReportCount(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.select({ n: count() }).from(weeklyReports).where(eq(weeklyReports.status, 'pending'));
  return rows[0]?.n ?? 0;
}

/** How long a claim holds a report for its reviewer; the dialog renews it while open. */
export const CLAIM_MS = 10 * 60_000;

async function claimHolder(tx: AppContext['db'], id: string, actor: SessionUser, now: Date): Promise<string | undefined> {
  // Lock the report alone, then read the holder's name: a join read while waiting on the lock would
  // see the claim from before the wait.
  const row = (
    await tx.select({ by: weeklyReports.claimedBy, until: weeklyReports.claimedUntil }).from(weeklyReports).where(eq(weeklyReports.id, id)).for('update')
  )[0];
  if (!row?.by || !row.until || row.by === actor.id || row.until.getTime() <= now.getTime()) return undefined;
  const holder = (await tx.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, row.by)))[0];
  return holder?.name ?? holder?.email ?? 'another admin';
}

async function assertNotClaimedByOther(tx: AppContext['db'], id: string, actor: SessionUser, now: Date): Promise<void> {
  const holder = await claimHolder(tx, id, actor, now);
  if (holder) throw valueError('CONFLICT', 'REPORT_CLAIMED', { name: holder });
}

/**
 * Claims a pending report for 10 minutes (or renews one's own claim): while it holds, another
 * admin's claim or review gets 409 'Being reviewed by {name}'. The row is locked, so of two claims
 * at once one wins.
 */
export async function claimReport(ctx: AppContext, actor: SessionUser, id: string): Promise<{ claimedBy: string; claimedUntil: string }> {
  if (!isUuid(id)) throw notFound('Report not found');
  // Other reviewers see 'Being reviewed by …' appear (the report's row is written).
  return withTransaction(ctx, actor, async ({ tx, now }) => {
    await assertNotClaimedByOther(tx, id, actor, now);
    const until = new Date(now.getTime() + CLAIM_MS);
    await decidedOnce(
      await tx
        .update(weeklyReports)
        .set({ claimedBy: actor.id, claimedUntil: until })
        .where(and(eq(weeklyReports.id, id), eq(weeklyReports.status, 'pending')))
        .returning({ id: weeklyReports.id }),
      () => tx.select({ id: weeklyReports.id }).from(weeklyReports).where(eq(weeklyReports.id, id)),
      { notFound: 'Report not found', alreadyDecided: REPORT_MESSAGES.alreadyReviewed },
    );
    return { claimedBy: actor.fullName ?? actor.email, claimedUntil: until.toISOString() };
  });
}

export const NO_PENDING_REPORTS = 'No pending reports left to review';

/**
 * 'Next pending': claims the oldest pending report nobody else holds, for the caller, and answers
 * it. The report being left (`exceptId`) is released if the caller held it and is not chosen
 * again. Candidates are locked with SKIP LOCKED, so two reviewers asking at once get two reports.
 */
export async function claimNextReport(ctx: AppContext, actor: SessionUser, exceptId: string | undefined): Promise<TAdminReportView> {
  const except = exceptId && isUuid(exceptId) ? exceptId : undefined;
  return withTransaction(ctx, actor, async ({ tx, now }) => {
    if (except) {
      await tx
        .update(weeklyReports)
        .set({ claimedBy: null, claimedUntil: null })
        .where(and(eq(weeklyReports.id, except), eq(weeklyReports.claimedBy, actor.id), eq(weeklyReports.status, 'pending')));
    }
    const free = or(isNull(weeklyReports.claimedUntil), lte(weeklyReports.claimedUntil, now), eq(weeklyReports.claimedBy, actor.id));
    const next = (
      await tx
        .select({ id: weeklyReports.id })
        .from(weeklyReports)
        .where(and(eq(weeklyReports.status, 'pending'), free, except ? ne(weeklyReports.id, except) : undefined))
        .orderBy(asc(weeklyReports.createdAt), asc(weeklyReports.id))
        .limit(1)
        .for('update', { skipLocked: true })
    )[0];
    if (!next) throw notFound(NO_PENDING_REPORTS);
    await tx
      .update(weeklyReports)
      .set({ claimedBy: actor.id, claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(eq(weeklyReports.id, next.id));
    const row = (
      await tx
        .select({ report: weeklyReports, ambassador: ambassadors, claimant: claimantName, flags: flagsColumn('reports') })
        .from(weeklyReports)
        .innerJoin(ambassadors, eq(ambassadors.id, weeklyReports.ambassadorId))
        .where(eq(weeklyReports.id, next.id))
    )[0];
    if (!row) throw notFound(NO_PENDING_REPORTS);
    const level = (await getSettings(ctx)).serviceLevels.reports;
    return presentAdminReport(row.report, row.ambassador, row.claimant, now, row.flags, { appeal: null, appealDecider: null }, level);
  });
}

/**
 * A rejection overturned on appeal (appeals/service.ts decides the appeal and calls this): the
 * report moves from rejected to approved once, with the awards credited (its credits are unique per
 * report and currency), and its feedback is now the appeal's facts (the rejection's are kept on the
 * appeal). 409 when it is no longer rejected.
 */
export async function approveOnAppeal(m: Mutation, reportId: string, awards: { gcm: string; usdt: string }, facts: string | null): Promise<ReportRow> {
  const report = (
    await m.tx
      .update(weeklyReports)
      .set({ status: 'approved', gcmAwarded: awards.gcm, usdtAwarded: awards.usdt, adminNotes: facts })
      .where(and(eq(weeklyReports.id, reportId), eq(weeklyReports.status, 'rejected')))
      .returning()
  )[0];
  if (!report) throw conflict(DECISION_MESSAGES.appealDecided);
  await creditReportAwards(m, report, awards.gcm, awards.usdt, true);
  // An approved report (on appeal too) may be the referee's first: a `first_report` referral qualifies once.
  await referralOnReportApproved(m, report.ambassadorId);
  return report;
}

/**
 * An approved report's awards into the ledger, one entry per currency, each naming the report (the
 * review, or an appeal that overturned its rejection: `onAppeal`, which its description says).
 */
export async function creditReportAwards(
  m: Mutation,
  report: { id: string; ambassadorId: string; weekStartDate: string; weekEndDate: string },
  gcm: string,
  usdt: string,
  onAppeal = false,
): Promise<void> {
  const week = { start: report.weekStartDate, end: report.weekEndDate };
  for (const [currency, amount] of [
    ['GCM', gcm],
    ['USDT', usdt],
  ] as const) {
    await ledger.post(m, {
      ambassadorId: report.ambassadorId,
      type: 'reward',
      currency,
      amount,
      ...LEDGER_DESCRIPTIONS.reward(currency, week, onAppeal),
      reportId: report.id,
    });
  }
}
