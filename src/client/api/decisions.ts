/**
 * What a decision against someone carries (DECISIONS §6, Decisions and appeals), as the answers of
 * reports, withdrawals and the ambassador add it: the reason code (null: 'no reason recorded'), the
 * facts, and the one appeal. Decisions made before reasons existed carry none of these fields; the
 * old `adminNotes` is read as their facts.
 */
import { notify } from '../lib/toast.ts';
import { useMutation } from '@tanstack/react-query';
import { ABUSE_FLAGS, type AbuseFlag } from '../../shared/enums.ts';
import { APPEAL_WINDOW_DAYS, NO_REASON_TEXT, REASONS, isReasonCode, type ReasonCode } from '../../shared/reasons.ts';
import { apiRequest } from '../lib/api.ts';

export type AppealStatus = 'pending' | 'upheld' | 'overturned';

export interface AppealView {
  status: AppealStatus | string;
  deadline?: string | null;
  text?: string | null;
  facts?: string | null;
  createdAt?: string | null;
  decidedAt?: string | null;
  decidedBy?: string | null;
}

/** The decision fields of an answer, all optional: an old server, or an old decision, has none. */
export interface DecisionFields {
  adminNotes?: string | null;
  reasonCode?: string | null;
  facts?: string | null;
  appeal?: AppealView | null;
  /** When the appeal window closes, when the answer gives it beside a missing appeal. */
  appealDeadline?: string | null;
  /** Whether the owner can appeal now, by the server's clock (absent from an older server). */
  appealOpen?: boolean;
  /** The abuse flags that had fired when it was decided (null: not kept for this decision). */
  decisionFlags?: readonly string[] | null;
}

export interface Decision {
  code: ReasonCode | null;
  facts: string | null;
  appeal: AppealView | null;
  /** When an appeal can no longer be sent (14 days after the decision). */
  deadline: string | null;
  /** The server's judgement of whether it can be appealed now; null when the answer does not say. */
  open: boolean | null;
  /** The abuse flags that had fired when it was decided; null when they were not kept. */
  flags: AbuseFlag[] | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A decision's reason, facts and appeal, read from an answer (decidedAt: when it was decided). */
export function decisionOf(view: DecisionFields, decidedAt: string | null): Decision {
  const appeal = view.appeal && view.appeal.status !== 'none' ? view.appeal : null;
  const given = view.appeal?.deadline ?? view.appealDeadline ?? null;
  const deadline = given ?? (decidedAt ? new Date(new Date(decidedAt).getTime() + APPEAL_WINDOW_DAYS * DAY_MS).toISOString() : null);
  return {
    code: isReasonCode(view.reasonCode) ? view.reasonCode : null,
    facts: view.facts ?? view.adminNotes ?? null,
    appeal,
    deadline,
    open: typeof view.appealOpen === 'boolean' ? view.appealOpen : null,
    flags: flagsOf(view.decisionFlags),
  };
}

/** The flags of a decision as an answer gives them, keeping only those the client knows. */
export function flagsOf(flags: readonly string[] | null | undefined): AbuseFlag[] | null {
  return flags ? flags.filter((flag): flag is AbuseFlag => (ABUSE_FLAGS as readonly string[]).includes(flag)) : null;
}

/** A code's short name, or 'no reason recorded'. */
export function reasonLabel(code: ReasonCode | null): string {
  return code ? REASONS[code].label : NO_REASON_TEXT;
}

export type AppealSubject = 'report' | 'withdrawal';
/** What the admins' Appeals queue holds: appeals of reports and withdrawals, and of referral refusals (DECISIONS §7). */
export type AppealKind = AppealSubject | 'referral' | 'task_claim';

const APPEAL_PATHS: Record<AppealSubject, string> = {
  report: '/api/reports',
  withdrawal: '/api/withdrawal-requests',
};

/** POST /api/{reports|withdrawal-requests}/{id}/appeal `{text}`: the owner, once, within 14 days. */
export function sendAppeal(subject: AppealSubject, id: string, text: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `${APPEAL_PATHS[subject]}/${encodeURIComponent(id)}/appeal`, { text });
}

/** `sent`: the toast's words, in the page's language. */
export function useSendAppeal(subject: AppealSubject, id: string, sent: { title: string; description: string }) {
  return useMutation({
    mutationFn: (text: string) => sendAppeal(subject, id, text),
    // Here, not in mutate()'s options: the refreshed decision replaces the form (it says 'Appeal
    // sent'), and a call's own callbacks do not run once its component has gone.
    onSuccess: () => notify.success(sent.title, sent.description),
  });
}

/**
 * A pending item's age against its service level (DECISIONS §6: reports 5 business days,
 * applications 7, withdrawals 2, appeals 5), as the server sends it on each desk item.
 */
export interface ServiceAge {
  ageBusinessDays: number;
  levelBusinessDays: number;
  overdue: boolean;
}

/** An item of GET /api/admin/appeals (pending first, oldest first). */
export interface TAdminAppealView {
  id: string;
  kind: AppealKind;
  /** The report, withdrawal, referral or task claim appealed. */
  subjectId: string;
  status: AppealStatus;
  text: string;
  createdAt: string;
  ambassador: { id?: string; fullName: string; email: string };
  /** The decision appealed. */
  decision: {
    reasonCode: string | null;
    facts: string | null;
    decisionFlags?: readonly string[] | null;
    decidedBy: string | null;
    decidedAt: string | null;
    /** A report's week, a withdrawal's amount, or a task claim's task. */
    weekStartDate?: string;
    weekEndDate?: string;
    amount?: string;
    taskTitle?: string;
  };
  /** The appeal's own decision, once made. */
  facts: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  serviceLevel?: ServiceAge | null;
  /** Whether the caller may decide it, and if not why (the words the decide call would answer). */
  canDecide?: boolean;
  cannotDecideReason?: string | null;
  /** A report's appeal: the report as it was sent. */
  report?: { weekStartDate: string; weekEndDate: string; activityReport: string; createdAt: string } | null;
}

/** POST /api/admin/appeals/{id}/decide (DECISIONS §6). */
export interface TAppealDecisionInput {
  outcome: 'upheld' | 'overturned';
  facts: string | null;
  gcmAwarded?: string;
  usdtAwarded?: string;
}

export function decideAppeal(id: string, input: TAppealDecisionInput): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/appeals/${encodeURIComponent(id)}/decide`, input);
}

/** What the server answers the admin who made the original decision. */
export const SAME_ADMIN_MESSAGE = 'Another admin must decide this appeal';

export function useDecideAppeal() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TAppealDecisionInput }) => decideAppeal(id, input),
  });
}
