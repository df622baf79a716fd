/**
 * Tasks checked by machine (DECISIONS §7, Tasks; ADR 029).
 *
 * A claim: counted against TASK_CLAIMS_PER_MINUTE and read (the task, the link, the period's claims)
 * in one round trip after the session's; refused at once (409) when this period already
 * has a credited or pending claim, or TASK_ATTEMPTS_PER_PERIOD claims; then checked by the kind's
 * verifier outside any transaction (verify.ts: a service that does not answer is 503 and nothing is
 * recorded); then recorded in one autocommitted statement (writeClaim): the checks again, the claim
 * with its evidence under its attempt number, for a credit the ledger entries ('Task: {title}') and
 * caches, and its webhook event. Parallel claims are decided by unique keys: at most one credited
 * or pending claim per period (task_claims_period_key), one claim per attempt number
 * (task_claims_attempt_key). A transaction counts for one claim ever: one credited or pending
 * elsewhere makes this one refused TX_ALREADY_COUNTED, also when two race (the partial unique key on
 * tx_hash). A manual claim waits for the review desk.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hitOneCte, refuseOver } from '../../auth/rate-limit.ts';
import { executeNamed } from '../../db/prepared.ts';
import { ambassadorSessionWith, loadAmbassadorSession, type AmbassadorSessionLoader, type SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { ambassadors, appeals, linkedAccounts, sessions, taskClaims, tasks } from '../../db/schema.ts';
import { AppError, conflict, notFound, valueError, violatesUnique } from '../../errors.ts';
import { appealDeadline, appealOnce, fileAppeal } from '../decisions/index.ts';
import { type TAppealView } from '../../../shared/schemas/decisions.ts';
import { DECISION_MESSAGES, TASK_MESSAGES } from '../../../shared/schemas/messages.ts';
import { isUuid } from '../ids.ts';
import { withTransaction, type Changes, type Mutation } from '../../mutation.ts';
import { creditParts, lockAmbassador, post } from '../ledger/index.ts';
import { formatCents, toCents } from '../../../shared/money.ts';
import { LEDGER_DESCRIPTIONS } from '../../../shared/ledger-descriptions.ts';
import {
  TASK_ATTEMPTS_PER_PERIOD,
  type TAdminClaimView,
  type TAdminTaskView,
  type TClaimResult,
  type TTaskParsed,
  type TTaskView,
  type TaskKind,
} from '../../../shared/schemas/tasks.ts';
import { isReasonCode, type ReasonCode } from '../../../shared/reasons.ts';
import { periodOf } from './periods.ts';
import { verifyClaim, type Verdict } from './verify.ts';

type TaskRow = typeof tasks.$inferSelect;
type ClaimRow = typeof taskClaims.$inferSelect;
type AppealRow = typeof appeals.$inferSelect;
type AmbassadorRow = typeof ambassadors.$inferSelect;
type LinkRow = typeof linkedAccounts.$inferSelect;

/** The provider whose linked account a kind is checked with, in SQL (telegram_member: telegram, discord_member: discord, x_post: x; else none). */
const PROVIDER_OF_KIND = sql`(case ${tasks.kind} when 'telegram_member' then 'telegram' when 'discord_member' then 'discord' when 'x_post' then 'x' end)`;

const money = (value: string) => formatCents(toCents(value));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The outside service a kind needs must be configured before such a task is made (422 otherwise). */
function requireService(ctx: AppContext, kind: TaskKind): void {
  const { providers, payouts } = ctx.config;
  const missing =
    (kind === 'telegram_member' && !providers.telegramBotToken) ||
    (kind === 'discord_member' && !providers.discord) ||
    (kind === 'bsc_transfer' && !payouts.rpcUrl);
  if (missing) throw valueError('UNPROCESSABLE', 'TASK_SERVICE_NOT_CONFIGURED', { kind });
}

function taskView(row: TaskRow, counts: { credited: number; refused: number; pendingReview: number }): TAdminTaskView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    params: row.params,
    gcmReward: money(row.gcmReward),
    usdtReward: money(row.usdtReward),
    period: row.period,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    claims: counts,
  };
}

async function claimCounts(ctx: AppContext, taskIds: string[]) {
  const counts = new Map<string, { credited: number; refused: number; pendingReview: number }>();
  if (!taskIds.length) return counts;
  const rows = await ctx.db
    .select({ taskId: taskClaims.taskId, status: taskClaims.status, n: count() })
    .from(taskClaims)
    .where(inArray(taskClaims.taskId, taskIds))
    .groupBy(taskClaims.taskId, taskClaims.status);
  for (const row of rows) {
    const entry = counts.get(row.taskId) ?? { credited: 0, refused: 0, pendingReview: 0 };
    if (row.status === 'credited') entry.credited = row.n;
    else if (row.status === 'refused') entry.refused = row.n;
    else entry.pendingReview = row.n;
    counts.set(row.taskId, entry);
  }
  return counts;
}

const NO_CLAIMS = { credited: 0, refused: 0, pendingReview: 0 };

/** POST /api/admin/tasks. */
export async function createTask(ctx: AppContext, actor: SessionUser, input: TTaskParsed): Promise<TAdminTaskView> {
  requireService(ctx, input.kind);
  return withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const [row] = await tx
      .insert(tasks)
      .values({
        title: input.title,
        description: input.description,
        kind: input.kind,
        params: Object.fromEntries(Object.entries(input.params).filter(([, v]) => v !== undefined)) as Record<string, string>,
        gcmReward: input.gcmReward,
        usdtReward: input.usdtReward,
        period: input.period,
        startsAt: input.startsAt ? new Date(input.startsAt) : null,
        endsAt: input.endsAt ? new Date(input.endsAt) : null,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    // The details are the task's title (its words, shown in any language); its terms are the task's own.
    await m.audit('create_task', { type: 'task', id: row.id }, row.title);
    return taskView(row, NO_CLAIMS);
  });
}

/** A task in the activity log's words: its title, kind, rewards and period. */
/** What a change of a task changed, field by field ({field: [before, after]}), for the activity log. */
function taskChanges(before: TaskRow, after: TaskRow): Changes {
  const shown = (row: TaskRow) => ({
    title: row.title,
    description: row.description,
    active: row.active,
    gcmReward: money(row.gcmReward),
    usdtReward: money(row.usdtReward),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
  });
  const was = shown(before);
  const is = shown(after);
  const changes: Changes = {};
  for (const key of Object.keys(was) as (keyof typeof was)[]) if (was[key] !== is[key]) changes[key] = [was[key], is[key]];
  return changes;
}

/** GET /api/admin/tasks: every task, newest first, with its claims counted. */
export async function listAdminTasks(ctx: AppContext, page: { limit: number; offset: number }): Promise<{ items: TAdminTaskView[]; total: number }> {
  const rows = await ctx.db.select().from(tasks).orderBy(desc(tasks.createdAt), desc(tasks.id)).limit(page.limit).offset(page.offset);
  const total = (await ctx.db.select({ n: count() }).from(tasks))[0]?.n ?? 0;
  const counts = await claimCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => taskView(row, counts.get(row.id) ?? NO_CLAIMS)), total };
}

/** PATCH /api/admin/tasks/{id}: texts, `active`, rewards (later claims get the new ones), dates. */
export async function updateTask(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  patch: {
    title?: string | undefined;
    description?: string | undefined;
    active?: boolean | undefined;
    gcmReward?: string | undefined;
    usdtReward?: string | undefined;
    startsAt?: string | null | undefined;
    endsAt?: string | null | undefined;
  },
): Promise<TAdminTaskView> {
  if (!isUuid(id)) throw notFound(TASK_MESSAGES.taskNotFound);
  const view = await withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const current = (await tx.select().from(tasks).where(eq(tasks.id, id)).for('update'))[0];
    if (!current) throw notFound(TASK_MESSAGES.taskNotFound);
    const startsAt = patch.startsAt === undefined ? current.startsAt : patch.startsAt ? new Date(patch.startsAt) : null;
    const endsAt = patch.endsAt === undefined ? current.endsAt : patch.endsAt ? new Date(patch.endsAt) : null;
    if (startsAt && endsAt && endsAt <= startsAt) throw new AppError('BAD_REQUEST', TASK_MESSAGES.dates, [{ path: 'endsAt', message: TASK_MESSAGES.dates }]);
    const [row] = await tx
      .update(tasks)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        ...(patch.gcmReward !== undefined ? { gcmReward: patch.gcmReward } : {}),
        ...(patch.usdtReward !== undefined ? { usdtReward: patch.usdtReward } : {}),
        startsAt,
        endsAt,
        updatedAt: now,
      })
      .where(eq(tasks.id, id))
      .returning();
    if (!row) throw notFound(TASK_MESSAGES.taskNotFound);
    // Turning a task off (`active: false`) is its archive: the log shows it as that change.
    await m.audit('update_task', { type: 'task', id: row.id }, row.title, taskChanges(current, row));
    return row;
  });
  return taskView(view, (await claimCounts(ctx, [id])).get(id) ?? NO_CLAIMS);
}

/** A manual claim refused at the review desk: the one kind of refusal a person decided, so the one that can be appealed. */
function refusedAtReview(row: ClaimRow): row is ClaimRow & { decidedAt: Date } {
  return row.status === 'refused' && row.reasonCode === 'REVIEW_REJECTED' && row.decidedAt !== null;
}

function claimSummary(row: ClaimRow, appeal: AppealRow | null, now: Date) {
  const deadline = refusedAtReview(row) ? appealDeadline(row.decidedAt) : null;
  return {
    id: row.id,
    status: row.status,
    reasonCode: row.reasonCode,
    evidence: row.evidence,
    at: row.createdAt.toISOString(),
    reviewReasonCode: row.status === 'refused' ? (row.evidence.reviewReason ?? null) : null,
    facts: row.facts,
    appealOpen: !appeal && deadline !== null && now.getTime() <= deadline.getTime(),
    appealDeadline: deadline?.toISOString() ?? null,
    appeal: appeal
      ? {
          id: appeal.id,
          status: appeal.status,
          text: appeal.text,
          deadline: appeal.deadline.toISOString(),
          createdAt: appeal.createdAt.toISOString(),
          decidedAt: appeal.decidedAt?.toISOString() ?? null,
          decidedBy: null,
          facts: appeal.facts,
        }
      : null,
  };
}

/** GET /api/tasks: the active tasks not yet ended, each with the ambassador's latest claim of the current period. */
export async function listTasks(ctx: AppContext, ambassador: AmbassadorRow): Promise<TTaskView[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.active, true), sql`(${tasks.endsAt} is null or ${tasks.endsAt} > ${now.toISOString()}::timestamptz)`))
    .orderBy(desc(tasks.createdAt), desc(tasks.id));
  if (!rows.length) return [];
  const claims = await ctx.db
    .select({ claim: taskClaims, appeal: appeals })
    .from(taskClaims)
    .leftJoin(appeals, eq(appeals.taskClaimId, taskClaims.id))
    .where(
      and(
        eq(taskClaims.ambassadorId, ambassador.id),
        inArray(
          taskClaims.taskId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(desc(taskClaims.createdAt));
  return rows.map((task) => {
    const period = periodOf(task.period, now).key;
    const mine = claims.filter((c) => c.claim.taskId === task.id && c.claim.periodKey === period);
    const settled = mine.find((c) => c.claim.status !== 'refused');
    const latest = settled ?? mine[0];
    return {
      id: task.id,
      title: task.title,
      description: task.description,
      kind: task.kind,
      params: task.params,
      gcmReward: money(task.gcmReward),
      usdtReward: money(task.usdtReward),
      period: task.period,
      startsAt: iso(task.startsAt),
      endsAt: iso(task.endsAt),
      claim: latest ? claimSummary(latest.claim, latest.appeal, now) : null,
      attemptsLeft: settled ? 0 : Math.max(0, TASK_ATTEMPTS_PER_PERIOD - mine.length),
    };
  });
}

/**
 * The period's claims of a task by an ambassador, as two columns of a statement over `tasks`: how
 * many were made (`attempts`) and whether one stands (`settled`: credited or pending).
 */
function periodStateColumns(ambassadorId: SQL | string, periodKey: SQL | string) {
  const mine = sql`from ${taskClaims} c where c.task_id = ${tasks.id} and c.ambassador_id = ${ambassadorId} and c.period_key = ${periodKey}`;
  return {
    attempts: sql<number>`(select count(*)::int ${mine})`.mapWith(Number),
    settled: sql<boolean>`exists (select 1 ${mine} and c.status <> 'refused')`.mapWith(Boolean),
  };
}

/** The claims' limit is counted per account (`task-claims:{user id}`), in windows of a minute (TASK_CLAIMS_PER_MINUTE). */
const CLAIMS_LIMIT_KEY = 'task-claims:';
const CLAIMS_WINDOW_MS = 60_000;

/** What a claim reads with its session (loadClaimSession): the counter, the task, the link, the period's claims. */
interface ClaimRead {
  count: number | null;
  windowStart: Date | string | null;
  /** Null fields: no task has the id. */
  task: { [K in keyof TaskRow]: TaskRow[K] | null };
  /** Null fields: no live link of the task's provider. */
  link: { [K in keyof LinkRow]: LinkRow[K] | null };
  attempts: number;
  settled: boolean;
}

/**
 * A claim's session read (the route's access check, plugins/access.ts) with everything the claim
 * reads before asking the service, in one round trip built once per database handle: its attempt
 * counted against TASK_CLAIMS_PER_MINUTE (a CTE keyed by the session's account: it counts even for a
 * task that does not exist, and not for a session that is not live, an account without an ambassador
 * record or a suspended one), the task, the ambassador's live link of the task's provider, and the
 * current period's claims (the period's key is picked from the keys of now by the task's period).
 */
const claimSession = ambassadorSessionWith('load_claim_session', (db) => {
  const hit = hitOneCte(
    db,
    sql`select ${CLAIMS_LIMIT_KEY} || s.user_id::text as key from ${sessions} s join ${ambassadors} a on a.user_id = s.user_id
      where s.sid = ${sql.placeholder('sid')} and not s.mfa_pending and s.expire > ${sql.placeholder('now')} and s.absolute_expire > ${sql.placeholder('now')}
        and a.status <> 'suspended'`,
  );
  const periodKey = sql`(case ${tasks.period} when 'once' then 'once' when 'weekly' then ${sql.placeholder('week')} else ${sql.placeholder('month')} end)`;
  const extra = {
    count: hit.count,
    windowStart: hit.windowStart,
    task: getTableColumns(tasks),
    link: getTableColumns(linkedAccounts),
    ...periodStateColumns(sql`${ambassadors.id}`, periodKey),
  };
  return {
    with: [hit],
    // Nested columns: read as ClaimRead (claimRead below).
    extra: extra as unknown as Record<string, SQL>,
    join: (query) =>
      query
        .leftJoin(hit, sql`true`)
        .leftJoin(tasks, eq(tasks.id, sql`${sql.placeholder('taskId')}::uuid`))
        .leftJoin(
          linkedAccounts,
          and(eq(linkedAccounts.ambassadorId, ambassadors.id), sql`${linkedAccounts.provider} = ${PROVIDER_OF_KIND}`, isNull(linkedAccounts.unlinkedAt)),
        ),
  };
});

/**
 * POST /api/tasks/{id}/claim's session read (`config.ambassadorSession` of the route): claimSession
 * for a task id that is a UUID; any other id reads the session alone (the claim answers 404, uncounted).
 */
export const loadClaimSession: AmbassadorSessionLoader = (db, config, token, now, request) => {
  const taskId = (request.params as { id?: unknown } | undefined)?.id;
  if (typeof taskId !== 'string' || !isUuid(taskId)) return loadAmbassadorSession(db, config, token, now);
  return claimSession(db, config, token, now, {
    taskId,
    open: new Date(now.getTime() - CLAIMS_WINDOW_MS).toISOString(),
    week: periodOf('weekly', now).key,
    month: periodOf('monthly', now).key,
  });
};

/** What the route's session read brought for this claim (loadClaimSession), when it brought it. */
export function claimRead(request: FastifyRequest): ClaimRead | undefined {
  return (request.sessionExtra as ClaimRead | null | undefined) ?? undefined;
}

/** The period's claims of this task by this ambassador: whether one stands (credited or pending) and how many were made. */
async function periodState(db: AppContext['db'], taskId: string, ambassadorId: string, periodKey: string) {
  const rows = await db
    .select({ status: taskClaims.status })
    .from(taskClaims)
    .where(and(eq(taskClaims.taskId, taskId), eq(taskClaims.ambassadorId, ambassadorId), eq(taskClaims.periodKey, periodKey)));
  return { settled: rows.some((r) => r.status !== 'refused'), attempts: rows.length };
}

function refuseIfDone(state: { settled: boolean; attempts: number }): void {
  if (state.settled) throw new AppError('CONFLICT', TASK_MESSAGES.alreadyClaimed, undefined, 'ALREADY_CLAIMED');
  if (state.attempts >= TASK_ATTEMPTS_PER_PERIOD) throw valueError('CONFLICT', 'CLAIM_LIMIT', { max: String(TASK_ATTEMPTS_PER_PERIOD) });
}

/** POST /api/tasks/{id}/claim. */
export async function claimTask(
  ctx: AppContext,
  actor: SessionUser,
  row: AmbassadorRow,
  taskId: string,
  input: { postUrl?: string | undefined; txHash?: string | undefined; note?: string | null | undefined },
  read: ClaimRead | undefined,
): Promise<TClaimResult> {
  if (!isUuid(taskId)) throw notFound(TASK_MESSAGES.taskNotFound);
  if (row.status === 'suspended') throw new AppError('FORBIDDEN', TASK_MESSAGES.suspended, undefined, 'AMBASSADOR_SUSPENDED');
  const now = ctx.clock.now();
  // Read with the session (loadClaimSession): the route's access check made this claim's one read.
  if (!read) throw new Error('the claim’s session read brought nothing');
  const limit = { key: `${CLAIMS_LIMIT_KEY}${actor.id}`, max: ctx.config.taskClaimsPerMinute, windowMs: CLAIMS_WINDOW_MS };
  if (read.count === null || read.windowStart === null) throw new Error('the claim was not counted');
  refuseOver([limit], new Map([[limit.key, { count: Number(read.count), windowStart: new Date(read.windowStart) }]]), now, TASK_MESSAGES.tooMany);
  const task = read.task.id === null ? undefined : (read.task as TaskRow);
  if (!task || !task.active) throw notFound(TASK_MESSAGES.taskNotFound);
  if (task.kind === 'x_post' && !input.postUrl)
    throw new AppError('BAD_REQUEST', TASK_MESSAGES.postRequired, [{ path: 'postUrl', message: TASK_MESSAGES.postRequired }]);
  if (task.kind === 'bsc_transfer' && !input.txHash)
    throw new AppError('BAD_REQUEST', TASK_MESSAGES.txRequired, [{ path: 'txHash', message: TASK_MESSAGES.txRequired }]);
  const period = periodOf(task.period, now);
  // Cheap refusals first: no service is asked about a claim that cannot count.
  refuseIfDone(read);

  let verdict: Verdict;
  if ((task.startsAt && now < task.startsAt) || (task.endsAt && now >= task.endsAt)) {
    verdict = {
      status: 'refused',
      reasonCode: 'OUTSIDE_PERIOD',
      evidence: { ...(task.startsAt ? { startsAt: task.startsAt.toISOString() } : {}), ...(task.endsAt ? { endsAt: task.endsAt.toISOString() } : {}) },
    };
  } else {
    // `row` is the ambassador's record as this request's session read it (plugins/access.ts).
    verdict = await verifyClaim({
      ctx,
      task,
      ambassador: row,
      link: read.link.id === null ? undefined : (read.link as LinkRow),
      periodStart: period.start,
      input,
    });
  }
  try {
    return await record(ctx, actor, row, task, period.key, verdict, input);
  } catch (error) {
    // Another claim counted the same transaction between our check and our insert.
    if (input.txHash && violatesUnique(error, 'task_claims_tx_key')) {
      return record(ctx, actor, row, task, period.key, { status: 'refused', reasonCode: 'TX_ALREADY_COUNTED', evidence: { txHash: input.txHash } }, input);
    }
    if (violatesUnique(error, 'task_claims_period_key')) {
      throw new AppError('CONFLICT', TASK_MESSAGES.alreadyClaimed, undefined, 'ALREADY_CLAIMED');
    }
    throw error;
  }
}

/** A claim's statement that wrote nothing and must be made again: the task changed since it was judged, or the transaction was counted meanwhile. */
class RecordAgain extends Error {
  constructor(readonly why: 'stale' | 'counted') {
    super(`the claim is recorded again (${why})`);
  }
}

/**
 * The claim recorded: one statement, autocommitted (writeClaim), made again when it wrote nothing
 * for a reason that does not refuse the claim: the task changed since it was judged (its title and
 * rewards as they are now), the transaction was counted meanwhile (refused TX_ALREADY_COUNTED), or a
 * parallel attempt took the same attempt number (counted again). Bounded: each retry follows a
 * change that another request committed.
 */
async function record(
  ctx: AppContext,
  actor: SessionUser,
  row: AmbassadorRow,
  task: TaskRow,
  periodKey: string,
  given: Verdict,
  input: { postUrl?: string | undefined; txHash?: string | undefined; note?: string | null | undefined },
): Promise<TClaimResult> {
  let verdict = given;
  let current: Pick<TaskRow, 'title' | 'gcmReward' | 'usdtReward'> = task;
  for (let tries = 0; ; tries++) {
    try {
      return await withTransaction(ctx, actor, (m) => writeClaim(m, row, task.id, periodKey, verdict, input, current), { statement: true });
    } catch (error) {
      if (tries >= TASK_ATTEMPTS_PER_PERIOD + 2) throw error;
      if (error instanceof RecordAgain) {
        if (error.why === 'stale') {
          const [fresh] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
          if (!fresh) throw notFound(TASK_MESSAGES.taskNotFound);
          current = fresh;
        } else verdict = { status: 'refused', reasonCode: 'TX_ALREADY_COUNTED', evidence: { ...verdict.evidence } };
        continue;
      }
      if (violatesUnique(error, 'task_claims_attempt_key')) continue;
      throw error;
    }
  }
}

/**
 * The claim recorded in one statement, autocommitted: the period's claims counted (refused at once
 * when one stands or TASK_ATTEMPTS_PER_PERIOD were made: nothing is written), the task checked to
 * still have the title and rewards the claim was judged with, the transaction checked not to be
 * counted by another claim, the claim inserted under its attempt number, for a credit the ledger's
 * writes (creditParts: the caches, the entries, the programme's totals, the day's figures, a role
 * push), and the webhook event for the endpoints that want `task.claimed`. No lock is taken before
 * it, so its snapshot may miss a claim committed a moment earlier: the unique keys decide then. A
 * second credited or pending claim of the period breaks `task_claims_period_key` (ALREADY_CLAIMED), a
 * second attempt under one number `task_claims_attempt_key` (counted again, so the attempts stay
 * exact), a counted transaction `task_claims_tx_key`; a credit locks the ambassador's row first (as
 * every credit does), then writes. Throws RecordAgain when nothing was written for a reason that does
 * not refuse the claim.
 */
async function writeClaim(
  m: Mutation,
  row: AmbassadorRow,
  taskId: string,
  periodKey: string,
  verdict: Verdict,
  input: { postUrl?: string | undefined; txHash?: string | undefined; note?: string | null | undefined },
  current: Pick<TaskRow, 'title' | 'gcmReward' | 'usdtReward'>,
): Promise<TClaimResult> {
  const { tx, now } = m;
  const creditedNow = verdict.status === 'credited';
  const claim = {
    id: randomUUID(),
    taskId,
    ambassadorId: row.id,
    periodKey,
    status: verdict.status,
    reasonCode: verdict.reasonCode,
    evidence: verdict.evidence,
    postUrl: input.postUrl ?? null,
    txHash: input.txHash ?? null,
    note: input.note ?? null,
    gcmAwarded: creditedNow ? money(current.gcmReward) : '0.00',
    usdtAwarded: creditedNow ? money(current.usdtReward) : '0.00',
    createdAt: now,
  };
  const written = sql`exists (select 1 from claim)`;
  const description = LEDGER_DESCRIPTIONS.task(current.title);
  const entry = { ambassadorId: row.id, type: 'reward' as const, ...description, taskClaimId: claim.id };
  const credit = creditedNow
    ? creditParts(
        m,
        { id: row.id, userId: row.userId },
        [
          { ...entry, currency: 'GCM', amount: current.gcmReward },
          { ...entry, currency: 'USDT', amount: current.usdtReward },
        ],
        written,
      )
    : undefined;
  // Integrations hear every claim with its verdict (DECISIONS §7, Webhooks), written by the claim's own statement.
  const event = m.eventWith(
    'task.claimed',
    {
      id: claim.id,
      taskId,
      ambassadorId: row.id,
      periodKey,
      status: claim.status,
      reasonCode: claim.reasonCode,
      evidence: claim.evidence,
      gcmAwarded: claim.gcmAwarded,
      usdtAwarded: claim.usdtAwarded,
      at: now.toISOString(),
    },
    written,
  );
  // The change's NOTIFYs ride on this statement, sent (at its commit) only when the claim was written.
  const notices = m.noticesWith([taskClaims, ...(credit?.tables ?? [])]);
  const txCounted = verdict.status !== 'refused' && claim.txHash !== null;
  const result = await executeNamed(
    tx,
    sql`with
    mine as (
      select count(*)::int as attempts, coalesce(bool_or(status <> 'refused'), false) as settled
      from task_claims where task_id = ${taskId}::uuid and ambassador_id = ${row.id}::uuid and period_key = ${periodKey}::text),
    task_as_judged as (
      select 1 from tasks where id = ${taskId}::uuid and title = ${current.title}::text
        and gcm_reward = ${current.gcmReward}::numeric and usdt_reward = ${current.usdtReward}::numeric),
    counted as (
      select 1 from task_claims where ${txCounted ? sql`tx_hash = ${claim.txHash}::text and status in ('credited', 'pending_review')` : sql`false`}),${
        credit
          ? sql`
    ${credit.lock},`
          : sql``
      }
    claim as (
      insert into task_claims (id, task_id, ambassador_id, period_key, attempt, status, reason_code, evidence, post_url, tx_hash, note, gcm_awarded, usdt_awarded, created_at)
      select ${claim.id}::uuid, ${taskId}::uuid, ${row.id}::uuid, ${periodKey}::text, mine.attempts + 1, ${claim.status}::text, ${claim.reasonCode}::text,
        ${JSON.stringify(claim.evidence)}::jsonb, ${claim.postUrl}::text, ${claim.txHash}::text, ${claim.note}::text,
        ${claim.gcmAwarded}::numeric, ${claim.usdtAwarded}::numeric, ${now.toISOString()}::timestamptz
      from mine${credit ? sql`, ${credit.locked}` : sql``}
      where not mine.settled and mine.attempts < ${TASK_ATTEMPTS_PER_PERIOD} and exists (select 1 from task_as_judged) and not exists (select 1 from counted)
      returning id),${
        credit
          ? sql`
    ${credit.ctes},`
          : sql``
      }
    ${event.ctes}
    select mine.attempts, mine.settled, exists (select 1 from task_as_judged) as judged, exists (select 1 from counted) as counted,
      ${written} as written, ${event.written}, ${credit?.answer ?? sql`false as role_pushed`}${
        notices ? sql`, (select count(*) from (select ${notices} where ${written}) notices)::int as notified` : sql``
      }
    from mine`,
  );
  const [read] = (
    result as unknown as {
      rows: { attempts: number; settled: boolean; judged: boolean; counted: boolean; written: boolean; webhook_written: boolean; role_pushed: boolean }[];
    }
  ).rows;
  if (!read) throw new Error('the claim’s statement answered nothing');
  refuseIfDone({ settled: read.settled, attempts: Number(read.attempts) });
  if (!read.judged) throw new RecordAgain('stale');
  if (read.counted) throw new RecordAgain('counted');
  if (!read.written) throw new Error('the claim was not written');
  m.wrote(taskClaims);
  credit?.done(read.role_pushed);
  event.done(read.webhook_written);
  return { id: claim.id, status: claim.status, reasonCode: claim.reasonCode, evidence: claim.evidence };
}

/** The claim's reward through the ledger; `locked`: the ambassador's row as this transaction locked it, when nothing has changed it since. */
async function creditClaim(m: Mutation, claim: ClaimRow, title: string, gcm: string, usdt: string, locked?: AmbassadorRow): Promise<void> {
  const description = LEDGER_DESCRIPTIONS.task(title);
  const afterGcm = await post(
    m,
    { ambassadorId: claim.ambassadorId, type: 'reward', currency: 'GCM', amount: gcm, ...description, taskClaimId: claim.id },
    { locked },
  );
  await post(
    m,
    { ambassadorId: claim.ambassadorId, type: 'reward', currency: 'USDT', amount: usdt, ...description, taskClaimId: claim.id },
    { locked: afterGcm ?? locked },
  );
}

/** GET /api/admin/task-claims?taskId&status: newest first, with the evidence. */
export async function listClaims(
  ctx: AppContext,
  query: { taskId?: string | undefined; status?: 'credited' | 'refused' | 'pending_review' | undefined; limit: number; offset: number },
): Promise<{ items: TAdminClaimView[]; total: number }> {
  if (query.taskId && !isUuid(query.taskId)) return { items: [], total: 0 };
  const conditions: SQL[] = [];
  if (query.taskId) conditions.push(eq(taskClaims.taskId, query.taskId));
  if (query.status) conditions.push(eq(taskClaims.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await ctx.db
    .select({ claim: taskClaims, title: tasks.title, kind: tasks.kind, name: ambassadors.fullName })
    .from(taskClaims)
    .innerJoin(tasks, eq(tasks.id, taskClaims.taskId))
    .innerJoin(ambassadors, eq(ambassadors.id, taskClaims.ambassadorId))
    .where(where)
    .orderBy(desc(taskClaims.createdAt), desc(taskClaims.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = (await ctx.db.select({ n: count() }).from(taskClaims).where(where))[0]?.n ?? 0;
  return {
    items: rows.map(({ claim, title, kind, name }) => ({
      id: claim.id,
      taskId: claim.taskId,
      taskTitle: title,
      kind,
      ambassadorId: claim.ambassadorId,
      ambassadorName: name,
      period: claim.periodKey,
      status: claim.status,
      reasonCode: claim.reasonCode,
      evidence: claim.evidence,
      postUrl: claim.postUrl,
      txHash: claim.txHash,
      note: claim.note,
      gcmAwarded: money(claim.gcmAwarded),
      usdtAwarded: money(claim.usdtAwarded),
      at: claim.createdAt.toISOString(),
      decidedAt: iso(claim.decidedAt),
      facts: claim.facts,
    })),
    total,
  };
}

/**
 * POST /api/admin/task-claims/{id}/review: a manual claim decided at the review desk. Approving
 * credits the task's reward (once: only a pending claim is decided); rejecting takes a reason code
 * from the desk's list (REVIEW_REJECTED with the code in the evidence).
 */
export async function reviewClaim(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: { decision: 'approved' | 'rejected'; reasonCode?: string | null | undefined; facts?: string | null | undefined },
): Promise<TAdminClaimView> {
  if (!isUuid(id)) throw notFound(TASK_MESSAGES.claimNotFound);
  const reasonCode: ReasonCode | null = input.reasonCode && isReasonCode(input.reasonCode) ? input.reasonCode : null;
  await withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const claim = (await tx.select().from(taskClaims).where(eq(taskClaims.id, id)).for('update'))[0];
    if (!claim) throw notFound(TASK_MESSAGES.claimNotFound);
    if (claim.status !== 'pending_review') throw new AppError('CONFLICT', TASK_MESSAGES.notPending, undefined, 'CLAIM_NOT_PENDING');
    const task = (await tx.select().from(tasks).where(eq(tasks.id, claim.taskId)))[0];
    if (!task) throw notFound(TASK_MESSAGES.taskNotFound);
    const approved = input.decision === 'approved';
    const [decided] = await tx
      .update(taskClaims)
      .set({
        status: approved ? 'credited' : 'refused',
        reasonCode: approved ? null : 'REVIEW_REJECTED',
        evidence: { ...claim.evidence, reviewedBy: actor.email, ...(reasonCode ? { reviewReason: reasonCode } : {}) },
        gcmAwarded: approved ? task.gcmReward : '0',
        usdtAwarded: approved ? task.usdtReward : '0',
        decidedAt: now,
        decidedBy: actor.id,
        facts: input.facts ?? null,
      })
      .where(eq(taskClaims.id, id))
      .returning();
    if (!decided) throw new Error('update returned nothing');
    if (approved) await creditClaim(m, decided, task.title, task.gcmReward, task.usdtReward);
    const owner = (await tx.select({ userId: ambassadors.userId }).from(ambassadors).where(eq(ambassadors.id, claim.ambassadorId)))[0];
    if (owner) m.concerns(owner.userId);
  });
  const listed = await listClaimById(ctx, id);
  if (!listed) throw notFound(TASK_MESSAGES.claimNotFound);
  return listed;
}

async function listClaimById(ctx: AppContext, id: string): Promise<TAdminClaimView | undefined> {
  const claim = (await ctx.db.select().from(taskClaims).where(eq(taskClaims.id, id)))[0];
  if (!claim) return undefined;
  const page = await listClaims(ctx, { taskId: claim.taskId, limit: 500, offset: 0 });
  return page.items.find((item) => item.id === id);
}

/**
 * POST /api/task-claims/{id}/appeal: the ambassador appeals a manual claim refused at review, once,
 * within 14 days of the refusal; the appeal waits in the admins' Appeals queue for an admin other
 * than the one who refused (as a referral's refusal is appealed).
 */
export async function appealClaim(ctx: AppContext, actor: SessionUser, ambassadorId: string, id: string, text: string): Promise<TAppealView> {
  return appealOnce(
    ctx,
    actor,
    id,
    {
      notFound: TASK_MESSAGES.claimNotFound,
      lock: async (m, claimId) =>
        (
          await m.tx
            .select()
            .from(taskClaims)
            .where(and(eq(taskClaims.id, claimId), eq(taskClaims.ambassadorId, ambassadorId)))
            .for('update')
        )[0],
      appealOf: (claimId) => eq(appeals.taskClaimId, claimId),
    },
    (m, row, claimId) => {
      if (!refusedAtReview(row)) throw new AppError('CONFLICT', TASK_MESSAGES.notAppealable, undefined, 'CLAIM_NOT_APPEALABLE');
      const reviewReason = row.evidence.reviewReason;
      return fileAppeal(
        m,
        {
          kind: 'task_claim',
          taskClaimId: claimId,
          ambassadorId,
          text,
          decisionReasonCode: reviewReason && isReasonCode(reviewReason) ? reviewReason : null,
          decisionFacts: row.facts,
          decisionFlags: null,
          decisionBy: row.decidedBy,
          decisionAt: row.decidedAt,
        },
        { action: 'appeal_task_claim', target: { type: 'task_claim', id: claimId } },
      );
    },
  );
}

/**
 * An appeal of a manual claim's refusal overturned (in the appeal's transaction): the claim is
 * credited with the task's reward as it stands, through the ledger, once. The claim moves from
 * refused to credited once (its row locked; a second decision finds it credited: 409), and its
 * credits are unique per claim and currency. When the ambassador has since had another claim of the
 * same period credited or sent to review, the period is already claimed: 409 ALREADY_CLAIMED, and
 * the appeal stays pending (it can be upheld).
 */
export async function overturnClaimRefusal(m: Mutation, claimId: string): Promise<{ gcm: string; usdt: string; title: string }> {
  const { tx } = m;
  const claim = (await tx.select().from(taskClaims).where(eq(taskClaims.id, claimId)).for('update'))[0];
  if (!claim || !refusedAtReview(claim)) throw conflict(DECISION_MESSAGES.appealDecided);
  // As a claim is recorded: the ambassador's row first, so a claim of the same period made now queues behind this.
  await lockAmbassador(tx, claim.ambassadorId);
  if ((await periodState(tx, claim.taskId, claim.ambassadorId, claim.periodKey)).settled)
    throw new AppError('CONFLICT', TASK_MESSAGES.alreadyClaimed, undefined, 'ALREADY_CLAIMED');
  const task = (await tx.select().from(tasks).where(eq(tasks.id, claim.taskId)))[0];
  if (!task) throw notFound(TASK_MESSAGES.taskNotFound);
  const [credited] = await tx
    .update(taskClaims)
    .set({
      status: 'credited',
      reasonCode: null,
      evidence: { ...claim.evidence, overturnedOnAppealBy: m.actor?.email ?? 'an admin' },
      gcmAwarded: task.gcmReward,
      usdtAwarded: task.usdtReward,
    })
    .where(and(eq(taskClaims.id, claimId), eq(taskClaims.status, 'refused')))
    .returning();
  if (!credited) throw conflict(DECISION_MESSAGES.appealDecided);
  await creditClaim(m, credited, task.title, task.gcmReward, task.usdtReward);
  const owner = (await tx.select({ userId: ambassadors.userId }).from(ambassadors).where(eq(ambassadors.id, claim.ambassadorId)))[0];
  if (owner) m.concerns(owner.userId);
  return { gcm: money(task.gcmReward), usdt: money(task.usdtReward), title: task.title };
}
