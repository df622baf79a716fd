/**
 * One appeal per decision, decided by another admin (DECISIONS §6). The owner of a rejected report
 * or withdrawal appeals once, within 14 days of the decision; the appeal waits in the admin desk's
 * Appeals queue (pending first, oldest first) until an admin other than the one who decided upholds
 * it (the person is told why) or overturns it: a report is approved with the awards given (the
 * ledger credited exactly once), a withdrawal is re-opened as pending (if the balance still covers
 * it). Each step is one transaction with the appeal's row locked, so of two admins acting at once
 * one wins and the other gets 409.
 */
import { appealDecidedNotification } from '../../email/notifications.ts';
import { and, count, eq } from 'drizzle-orm';
import { formatCents, toCents } from '../../../shared/money.ts';
import type { TListQuery } from '../../../shared/schemas/common.ts';
import { type AppealKind, type AppealStatus, type TAdminAppealView, type TAppealView } from '../../../shared/schemas/decisions.ts';
import { DECISION_MESSAGES, REFERRAL_MESSAGES, REPORT_MESSAGES, TASK_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { WithdrawalStatus } from '../../../shared/enums.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { boundedCount, cursorColumns, listPage, paged, type SortKey, type Total } from '../../db/paging.ts';
import { ambassadors, appeals, taskClaims, tasks, weeklyReports, withdrawalRequests } from '../../db/schema.ts';
import { appealDecidedEmail, type AppealSubject } from '../../email/templates.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { isUuid } from '../ids.ts';
import { approveOnAppeal } from '../reports/index.ts';
import { overturnReferralRefusal } from '../referrals/index.ts';
import { reopenOnAppeal } from '../wallet/index.ts';
import { overturnClaimRefusal } from '../tasks/index.ts';
import { tellAmbassador } from '../notifications/index.ts';
import { getSettings } from '../settings/index.ts';
import { adminName, appealOnce, fileAppeal, presentAppeal, reasonFields, serviceLevelOf, type AppealRow } from '../decisions/index.ts';

const SUBJECT_NOT_FOUND: Record<AppealKind, string> = {
  report: REPORT_MESSAGES.notFound,
  withdrawal: 'Withdrawal request not found',
  referral: REFERRAL_MESSAGES.notFound,
  task_claim: TASK_MESSAGES.claimNotFound,
};

/**
 * The owner's appeal of a rejected report or withdrawal: 201 with the appeal; 404 for someone
 * else's (as for an unknown id); 409 when it was already appealed, is not a rejection, or the
 * 14 days have passed (the message says when they ended).
 */
export async function sendAppeal(
  ctx: AppContext,
  actor: SessionUser,
  ambassadorId: string,
  kind: Exclude<AppealKind, 'referral' | 'task_claim'>,
  id: string,
  text: string,
): Promise<TAppealView> {
  return appealOnce(
    ctx,
    actor,
    id,
    {
      notFound: SUBJECT_NOT_FOUND[kind],
      lock: (m, subjectId) => lockedSubject(m, kind, subjectId, ambassadorId),
      appealOf: (subjectId) => (kind === 'report' ? eq(appeals.reportId, subjectId) : eq(appeals.withdrawalId, subjectId)),
    },
    (m, subject, subjectId) => {
      if (subject.status !== 'rejected' || !subject.reviewedAt) {
        throw conflict(kind === 'report' ? DECISION_MESSAGES.reportNotAppealable : DECISION_MESSAGES.withdrawalNotAppealable);
      }
      return fileAppeal(
        m,
        {
          kind,
          reportId: kind === 'report' ? subjectId : null,
          withdrawalId: kind === 'withdrawal' ? subjectId : null,
          ambassadorId,
          text,
          decisionReasonCode: subject.reasonCode,
          decisionFacts: subject.adminNotes,
          decisionFlags: subject.decisionFlags,
          decisionBy: subject.reviewedBy,
          decisionAt: subject.reviewedAt,
        },
        { action: kind === 'report' ? 'appeal_report' : 'appeal_withdrawal', target: { type: kind, id: subjectId } },
      );
    },
  );
}

interface Subject {
  status: WithdrawalStatus;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  reasonCode: string | null;
  adminNotes: string | null;
  decisionFlags: string[] | null;
}

async function lockedSubject(
  m: Mutation,
  kind: Exclude<AppealKind, 'referral' | 'task_claim'>,
  id: string,
  ambassadorId: string,
): Promise<Subject | undefined> {
  const table = kind === 'report' ? weeklyReports : withdrawalRequests;
  const rows = await m.tx
    .select({
      status: table.status,
      reviewedAt: table.reviewedAt,
      reviewedBy: table.reviewedBy,
      reasonCode: table.reasonCode,
      adminNotes: table.adminNotes,
      decisionFlags: table.decisionFlags,
    })
    .from(table)
    .where(and(eq(table.id, id), eq(table.ambassadorId, ambassadorId)))
    .for('update');
  return rows[0];
}

/** Pending first, then oldest first: the order of appeals_queue_idx. */
const QUEUE_KEYS: SortKey[] = [
  { column: appeals.queueRank, direction: 'asc', kind: 'int' },
  { column: appeals.createdAt, direction: 'asc', kind: 'timestamp' },
  { column: appeals.id, direction: 'asc', kind: 'uuid' },
];

/** GET /api/admin/appeals: pending first, oldest first, each pending one with its age against the appeals' service level. */
export async function listAppeals(
  ctx: AppContext,
  actor: SessionUser,
  query: TListQuery & { status?: AppealStatus | undefined },
): Promise<{ items: TAdminAppealView[] } & Total & { nextCursor: string | undefined }> {
  const filter = query.status ? eq(appeals.status, query.status) : undefined;
  const { rows, ...page } = await listPage(query, {
    keys: QUEUE_KEYS,
    filter,
    count: (where) => boundedCount(ctx.db, appeals, where),
    select: paged(() =>
      ctx.db
        .select({
          appeal: appeals,
          ambassador: { id: ambassadors.id, fullName: ambassadors.fullName, email: ambassadors.email },
          report: {
            weekStartDate: weeklyReports.weekStartDate,
            weekEndDate: weeklyReports.weekEndDate,
            activityReport: weeklyReports.activityReport,
            createdAt: weeklyReports.createdAt,
          },
          amount: withdrawalRequests.amount,
          taskTitle: tasks.title,
          decisionByName: adminName(appeals.decisionBy),
          decidedByName: adminName(appeals.decidedBy),
          ...cursorColumns(QUEUE_KEYS),
        })
        .from(appeals)
        .innerJoin(ambassadors, eq(ambassadors.id, appeals.ambassadorId))
        .leftJoin(weeklyReports, eq(weeklyReports.id, appeals.reportId))
        .leftJoin(withdrawalRequests, eq(withdrawalRequests.id, appeals.withdrawalId))
        .leftJoin(taskClaims, eq(taskClaims.id, appeals.taskClaimId))
        .leftJoin(tasks, eq(tasks.id, taskClaims.taskId)),
    ),
  });
  const now = ctx.clock.now();
  const level = (await getSettings(ctx)).serviceLevels.appeals;
  const items = rows.map((r): TAdminAppealView => {
    const a = r.appeal;
    return {
      id: a.id,
      kind: a.kind,
      subjectId: (a.reportId ?? a.withdrawalId ?? a.referralId ?? a.taskClaimId) as string,
      status: a.status,
      text: a.text,
      createdAt: a.createdAt.toISOString(),
      deadline: a.deadline.toISOString(),
      ambassador: r.ambassador,
      decision: {
        ...reasonFields(true, a.decisionReasonCode, a.decisionFacts, a.decisionFlags),
        decidedBy: r.decisionByName,
        decidedById: a.decisionBy,
        decidedAt: a.decisionAt.toISOString(),
        ...(a.kind === 'report' && r.report ? { weekStartDate: r.report.weekStartDate, weekEndDate: r.report.weekEndDate } : {}),
        ...(a.kind === 'withdrawal' && r.amount ? { amount: r.amount } : {}),
        ...(a.kind === 'task_claim' && r.taskTitle ? { taskTitle: r.taskTitle } : {}),
      },
      facts: a.facts,
      decidedBy: a.decidedAt ? r.decidedByName : null,
      decidedAt: a.decidedAt?.toISOString() ?? null,
      gcmAwarded: a.gcmAwarded,
      usdtAwarded: a.usdtAwarded,
      decidedByCaller: a.decisionBy === actor.id,
      // Said before the admin fills anything in: the same order of checks as decideAppeal's.
      ...decidable(a, actor),
      report:
        a.kind === 'report' && r.report
          ? {
              weekStartDate: r.report.weekStartDate,
              weekEndDate: r.report.weekEndDate,
              activityReport: r.report.activityReport,
              createdAt: r.report.createdAt.toISOString(),
            }
          : null,
      serviceLevel: serviceLevelOf(a.status === 'pending', a.createdAt, level, now),
    };
  });
  return { items, ...page };
}

/** Whether `actor` may decide the appeal, and if not why, as decideAppeal would refuse it. */
function decidable(appeal: AppealRow, actor: SessionUser): { canDecide: boolean; cannotDecideReason: string | null } {
  if (appeal.decisionBy === actor.id) return { canDecide: false, cannotDecideReason: DECISION_MESSAGES.sameAdmin };
  if (appeal.status !== 'pending') return { canDecide: false, cannotDecideReason: DECISION_MESSAGES.appealDecided };
  return { canDecide: true, cannotDecideReason: null };
}

export async function pendingAppealCount(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.select({ n: count() }).from(appeals).where(eq(appeals.status, 'pending'));
  return rows[0]?.n ?? 0;
}

export interface AppealDecision {
  outcome: 'upheld' | 'overturned';
  facts: string | null;
  gcmAwarded?: string | undefined;
  usdtAwarded?: string | undefined;
}

/**
 * An admin other than the decider decides a pending appeal, once: 403 for the admin who made the
 * decision appealed, 409 once it is decided (two admins at once: the appeal's row is locked, the
 * second finds it decided). Overturning a report approves it with the awards, credited to the
 * ledger in this transaction; overturning a withdrawal's rejection re-opens it as pending, when the
 * ambassador's withdrawable balance still covers it (409 otherwise, and the appeal stays pending).
 */
export async function decideAppeal(ctx: AppContext, actor: SessionUser, id: string, input: AppealDecision): Promise<TAppealView> {
  if (!isUuid(id)) throw notFound(DECISION_MESSAGES.appealNotFound);
  return withTransaction(ctx, actor, async (m) => {
    const { tx } = m;
    const appeal = (await tx.select().from(appeals).where(eq(appeals.id, id.toLowerCase())).for('update'))[0];
    if (!appeal) throw notFound(DECISION_MESSAGES.appealNotFound);
    if (appeal.decisionBy === actor.id) throw forbidden(DECISION_MESSAGES.sameAdmin);
    if (appeal.status !== 'pending') throw conflict(DECISION_MESSAGES.appealDecided);
    const overturned = input.outcome === 'overturned';
    const awards =
      appeal.kind === 'report' && overturned
        ? { gcm: formatCents(toCents(input.gcmAwarded ?? '0')), usdt: formatCents(toCents(input.usdtAwarded ?? '0')) }
        : null;
    if (appeal.kind === 'referral') return decideReferralAppeal(m, appeal, input, overturned);
    if (appeal.kind === 'task_claim') return decideTaskClaimAppeal(m, appeal, input, overturned);
    const subject = overturned ? await overturn(m, appeal, awards, input.facts) : await describeSubject(m, appeal);
    const decided = await markDecided(m, appeal, input, awards);
    const link = appeal.kind === 'report' ? `/reports?id=${appeal.reportId}` : '/wallet';
    await tellAmbassador(m, appeal.ambassadorId, (person) => ({
      notification: appealDecidedNotification({ about: subject.about, overturned, facts: input.facts, link }, person.locale),
      email: appealDecidedEmail({
        name: person.fullName,
        about: subject.about,
        overturned,
        facts: input.facts,
        locale: person.locale,
        link: `${ctx.config.appUrl}${link}`,
      }),
    }));
    const changes: Record<string, [unknown, unknown]> = { appeal: ['pending', input.outcome], ...subject.changes };
    if (input.facts) changes.facts = [null, input.facts];
    await m.audit(
      overturned ? 'appeal_overturned' : 'appeal_upheld',
      { type: 'appeal', id: appeal.id },
      `${appeal.kind} ${appeal.reportId ?? appeal.withdrawalId}${awards ? `: approved with GCM ${awards.gcm}, USDT ${awards.usdt}` : ''}${input.facts ? `; facts: ${input.facts}` : ''}`,
      changes,
    );
    const view = presentAppeal(decided, actor.fullName ?? 'an admin');
    await m.event('appeal.decided', view);
    return view;
  });
}

/**
 * A referral's refusal appealed (DECISIONS §7): upheld, it stays refused; overturned, it is credited
 * as a release would (up to its month's cap; nothing for a referrer suspended since). The referrer
 * sees the outcome on their Referrals page.
 */
async function decideReferralAppeal(m: Mutation, appeal: AppealRow, input: AppealDecision, overturned: boolean): Promise<TAppealView> {
  const referralId = appeal.referralId as string;
  const outcome = overturned ? await overturnReferralRefusal(m, referralId) : null;
  const decided = await markDecided(m, appeal, input, null);
  const changes: Record<string, [unknown, unknown]> = { appeal: ['pending', input.outcome] };
  if (outcome) changes.status = ['refused', outcome.status];
  if (input.facts) changes.facts = [null, input.facts];
  await m.audit(
    overturned ? 'appeal_overturned' : 'appeal_upheld',
    { type: 'appeal', id: appeal.id },
    `referral ${referralId}${outcome ? `: ${outcome.status}` : ''}${input.facts ? `; facts: ${input.facts}` : ''}`,
    changes,
  );
  const owner = (await m.tx.select({ userId: ambassadors.userId }).from(ambassadors).where(eq(ambassadors.id, appeal.ambassadorId)))[0];
  if (owner) m.concerns(owner.userId);
  return presentAppeal(decided, m.actor?.fullName ?? 'an admin');
}

/**
 * A manual task claim's refusal appealed (DECISIONS §7, Tasks; ADR 029): upheld, it stays refused;
 * overturned, it is credited with the task's reward through the ledger, once (the claim moves from
 * refused to credited once, and its credits are unique per claim and currency). The ambassador
 * hears the outcome as a notification and an email, in their saved language, and sees it on the
 * Tasks page.
 */
async function decideTaskClaimAppeal(m: Mutation, appeal: AppealRow, input: AppealDecision, overturned: boolean): Promise<TAppealView> {
  const claimId = appeal.taskClaimId as string;
  const outcome = overturned ? await overturnClaimRefusal(m, claimId) : null;
  const decided = await markDecided(m, appeal, input, outcome);
  const title =
    outcome?.title ??
    (await m.tx.select({ title: tasks.title }).from(taskClaims).innerJoin(tasks, eq(tasks.id, taskClaims.taskId)).where(eq(taskClaims.id, claimId)))[0]
      ?.title ??
    null;
  const about: AppealSubject = { kind: 'task', title, ...(outcome ? { awards: { gcm: outcome.gcm, usdt: outcome.usdt } } : {}) };
  const link = '/tasks';
  await tellAmbassador(m, appeal.ambassadorId, (person) => ({
    notification: appealDecidedNotification({ about, overturned, facts: input.facts, link }, person.locale),
    email: appealDecidedEmail({ name: person.fullName, about, overturned, facts: input.facts, locale: person.locale, link: `${m.ctx.config.appUrl}${link}` }),
  }));
  const changes: Record<string, [unknown, unknown]> = { appeal: ['pending', input.outcome] };
  if (outcome) changes.status = ['refused', 'credited'];
  if (input.facts) changes.facts = [null, input.facts];
  await m.audit(
    overturned ? 'appeal_overturned' : 'appeal_upheld',
    { type: 'appeal', id: appeal.id },
    `task claim ${claimId}${outcome ? `: credited GCM ${outcome.gcm}, USDT ${outcome.usdt}` : ''}${input.facts ? `; facts: ${input.facts}` : ''}`,
    changes,
  );
  const view = presentAppeal(decided, m.actor?.fullName ?? 'an admin');
  await m.event('appeal.decided', view);
  return view;
}

/**
 * The appeal decided, once: its outcome, the deciding admin, the facts and any awards. 409 when it is
 * no longer pending (another admin decided it first).
 */
async function markDecided(m: Mutation, appeal: AppealRow, input: AppealDecision, awards: { gcm: string; usdt: string } | null): Promise<AppealRow> {
  const decided = (
    await m.tx
      .update(appeals)
      .set({
        status: input.outcome,
        decidedAt: m.now,
        decidedBy: m.actor?.id ?? null,
        facts: input.facts,
        gcmAwarded: awards?.gcm ?? null,
        usdtAwarded: awards?.usdt ?? null,
      })
      .where(and(eq(appeals.id, appeal.id), eq(appeals.status, 'pending')))
      .returning()
  )[0];
  if (!decided) throw conflict(DECISION_MESSAGES.appealDecided);
  return decided;
}

interface SubjectOutcome {
  /** The decision's subject, and for an overturned report its awards: the notification and the email write it in the person's language. */
  about: AppealSubject;
  /** Before and after, for the activity log. */
  changes: Record<string, [unknown, unknown]>;
}

async function describeSubject(m: Mutation, appeal: AppealRow): Promise<SubjectOutcome> {
  if (appeal.kind === 'report') {
    const [week] = await m.tx
      .select({ start: weeklyReports.weekStartDate, end: weeklyReports.weekEndDate })
      .from(weeklyReports)
      .where(eq(weeklyReports.id, appeal.reportId as string));
    return { about: { kind: 'report', week: week ?? null }, changes: {} };
  }
  const [withdrawal] = await m.tx
    .select({ amount: withdrawalRequests.amount })
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.id, appeal.withdrawalId as string));
  return { about: { kind: 'withdrawal', amount: withdrawal?.amount ?? null }, changes: {} };
}

async function overturn(m: Mutation, appeal: AppealRow, awards: { gcm: string; usdt: string } | null, facts: string | null): Promise<SubjectOutcome> {
  if (appeal.kind === 'report') {
    const gcm = awards?.gcm ?? '0.00';
    const usdt = awards?.usdt ?? '0.00';
    const report = await approveOnAppeal(m, appeal.reportId as string, { gcm, usdt }, facts);
    return {
      about: { kind: 'report', week: { start: report.weekStartDate, end: report.weekEndDate }, awards: { gcm, usdt } },
      changes: { status: ['rejected', 'approved'], gcmAwarded: ['0.00', gcm], usdtAwarded: ['0.00', usdt] },
    };
  }
  const row = await reopenOnAppeal(m, appeal.withdrawalId as string);
  return {
    about: { kind: 'withdrawal', amount: row.amount },
    changes: { status: ['rejected', 'pending'], reasonCode: [row.reasonCode, null] },
  };
}
