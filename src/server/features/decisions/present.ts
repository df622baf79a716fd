/**
 * How a decision's reason and its one appeal read in every answer (DECISIONS §6): the reason code
 * of a rejection (null: none recorded, said as 'no reason recorded'), its rule, the facts; for
 * reports and withdrawals the appeal, and until when one can be sent.
 */
import { sql, type SQL } from 'drizzle-orm';
import { APPEAL_WINDOW_DAYS, isReasonCode, reasonMismatch, reasonsFor, type ReasonCode, type ReasonSubject } from '../../../shared/reasons.ts';
import { reasonTextOf, type TAppealView } from '../../../shared/schemas/decisions.ts';
import { serviceAge, type ServiceAge } from '../../../shared/service-levels.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appeals, users } from '../../db/schema.ts';
import { asFlags } from '../abuse/index.ts';
import { AppError } from '../../errors.ts';

export type AppealRow = typeof appeals.$inferSelect;

const DAY_MS = 86_400_000;

export function asReasonCode(value: string | null | undefined): ReasonCode | null {
  return isReasonCode(value) ? value : null;
}

/** 400 REASON_NOT_FOR_DECISION naming the codes that apply, when `code` belongs to another kind of decision. */
export function assertReasonFits(subject: ReasonSubject, code: ReasonCode | null | undefined): void {
  const mismatch = reasonMismatch(subject, code);
  if (!mismatch) return;
  const values = { reasonCode: String(code), allowed: reasonsFor(subject).join(', ') };
  throw new AppError(
    'BAD_REQUEST',
    mismatch,
    [{ path: 'reasonCode', message: mismatch, code: 'REASON_NOT_FOR_DECISION', values }],
    'REASON_NOT_FOR_DECISION',
    values,
  );
}

/**
 * A decision's reason as answers carry it: only a rejection (or a suspension) has one, with the
 * abuse flags that had fired when it was made (null when they were not kept: older decisions).
 */
export function reasonFields(rejected: boolean, code: string | null, facts: string | null, flags: readonly string[] | null) {
  const reasonCode = rejected ? asReasonCode(code) : null;
  return { reasonCode, reasonText: reasonTextOf(rejected, reasonCode), facts, decisionFlags: rejected && flags ? asFlags(flags) : null };
}

/** Until when a decision made at `decidedAt` can be appealed. */
export function appealDeadline(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS);
}

/** Who decided an appeal, as its owner reads it: the admin's name (never their email). */
export const appealDeciderName = sql<string | null>`(select coalesce(${users.fullName}, 'an admin') from ${users} where ${users.id} = ${appeals.decidedBy})`;

export function presentAppeal(row: AppealRow, decidedBy: string | null): TAppealView {
  return {
    id: row.id,
    status: row.status,
    text: row.text,
    deadline: row.deadline.toISOString(),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedAt ? (decidedBy ?? 'an admin') : null,
    facts: row.facts,
  };
}

/**
 * The appeal fields of a report or withdrawal: its appeal once sent; and for a rejection (or an
 * appealed decision) the deadline. `rejectedAt`: when it was rejected, null when it is not.
 * `appealOpen` is the server's judgement by its own clock (`now`), so a device whose clock differs
 * (a phone running ahead, the demo's TEST_CLOCK_OFFSET) still offers the appeal exactly while the
 * server takes it (issue 40).
 */
export function appealFields(rejectedAt: Date | null, appeal: AppealRow | null, decidedBy: string | null, now: Date) {
  const deadline = appeal ? appeal.deadline : rejectedAt ? appealDeadline(rejectedAt) : null;
  return {
    appeal: appeal ? presentAppeal(appeal, decidedBy) : null,
    appealDeadline: deadline?.toISOString() ?? null,
    // The rejection as the appeal recorded it: an overturn changes the item, never this (issue 40).
    appealedDecision: appeal
      ? { ...reasonFields(true, appeal.decisionReasonCode, appeal.decisionFacts, appeal.decisionFlags), decidedAt: appeal.decisionAt.toISOString() }
      : null,
    appealOpen: !appeal && rejectedAt !== null && deadline !== null && now.getTime() <= deadline.getTime(),
  };
}

/** A pending item's age against its level; null once decided. */
export function serviceLevelOf(pending: boolean, since: Date, levelBusinessDays: number, now: Date): ServiceAge | null {
  return pending ? serviceAge(since, levelBusinessDays, now) : null;
}

/** The name of an admin as the desk shows it. */
export function adminName(id: SQL | AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select coalesce(${users.fullName}, ${users.email}) from ${users} where ${users.id} = ${id})`;
}
