/**
 * What a decision against someone carries (DECISIONS §6, Decisions and appeals), as the answers of
 * reports, withdrawals and the ambassador add it: the reason code (null: 'no reason recorded'), the
 * facts, the one appeal, and until when and whether it can be appealed (the server's, by its clock).
 * The types are the shared schemas' (src/shared/schemas/decisions.ts); a decision made before facts
 * existed has its `adminNotes` read as its facts.
 */
import { notify } from '../lib/toast.ts';
import { useMutation } from '@tanstack/react-query';
import { ABUSE_FLAGS, type AbuseFlag } from '../../shared/enums.ts';
import { NO_REASON_TEXT, REASONS, isReasonCode, type ReasonCode } from '../../shared/reasons.ts';
import { type AppealKind, type TAppealDecisionInput, type TAppealView } from '../../shared/schemas/decisions.ts';
import { DECISION_MESSAGES } from '../../shared/schemas/messages.ts';
import type { TReportView } from '../../shared/schemas/reports.ts';
import type { TWithdrawalView } from '../../shared/schemas/withdrawals.ts';
import { apiRequest } from '../lib/api.ts';

export type { AppealKind, AppealStatus, TAdminAppealView, TAppealDecisionInput, TAppealView, TServiceAge } from '../../shared/schemas/decisions.ts';

/** The decision fields of a report's or a withdrawal's answer (src/shared/schemas: ZReasonFields, ZAppealFields). */
export type DecisionFields = Pick<
  TReportView | TWithdrawalView,
  'adminNotes' | 'reasonCode' | 'facts' | 'appeal' | 'appealDeadline' | 'appealOpen' | 'decisionFlags'
>;

export interface Decision {
  code: ReasonCode | null;
  facts: string | null;
  appeal: TAppealView | null;
  /** When an appeal can no longer be sent, as the server says it (`appealDeadline`, or the appeal's own); null for what cannot be appealed. */
  deadline: string | null;
  /** The server's judgement of whether it can be appealed now (`appealOpen`). */
  open: boolean;
  /** The abuse flags that had fired when it was decided; null when they were not kept. */
  flags: AbuseFlag[] | null;
}

/** A decision's reason, facts and appeal, read from a report's or a withdrawal's answer: the deadline and whether it is open are the server's. */
export function decisionOf(view: DecisionFields): Decision {
  return {
    code: isReasonCode(view.reasonCode) ? view.reasonCode : null,
    facts: view.facts ?? view.adminNotes ?? null,
    appeal: view.appeal,
    deadline: view.appeal?.deadline ?? view.appealDeadline,
    open: view.appealOpen,
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

/** What its owner appeals from this client's forms: a report or a withdrawal (the Appeals queue holds every AppealKind). */
export type AppealSubject = Extract<AppealKind, 'report' | 'withdrawal'>;

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

export function decideAppeal(id: string, input: TAppealDecisionInput): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/admin/appeals/${encodeURIComponent(id)}/decide`, input);
}

/** What the server answers the admin who made the original decision. */
export const SAME_ADMIN_MESSAGE = DECISION_MESSAGES.sameAdmin;

export function useDecideAppeal() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TAppealDecisionInput }) => decideAppeal(id, input),
  });
}
