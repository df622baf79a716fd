/**
 * Live changes (DECISIONS §6): the domain words a change is named by, on the server (what a
 * mutation changed, pushed by GET /api/events) and in the browser (which reads to refresh).
 * Topics never carry data: the reads stay the only way data leaves, with their access checks.
 */
export const PUBLIC_TOPICS = ['leaderboard', 'stats', 'seasons', 'log', 'settings'] as const;
/** `integrations`: the super admin's API keys and webhook endpoints, and their delivery log (each attempt the sender makes). */
export const ADMIN_TOPICS = ['applications', 'reports', 'withdrawals', 'ambassadors', 'admins', 'activity', 'integrations'] as const;
/**
 * Topics every signed-in session hears (never a visitor's public stream): `tasks`, the tasks an admin
 * created or changed (ADR 029): an ambassador's Tasks page and the admins' Tasks tab read them again.
 */
export const MEMBER_TOPICS = ['tasks'] as const;
/** `me`: the session's own account, ambassador record, ledger, reports, withdrawals and notifications. */
export const LIVE_TOPICS = ['me', ...PUBLIC_TOPICS, ...MEMBER_TOPICS, ...ADMIN_TOPICS] as const;

export type PublicTopic = (typeof PUBLIC_TOPICS)[number];
export type AdminTopic = (typeof ADMIN_TOPICS)[number];
export type MemberTopic = (typeof MEMBER_TOPICS)[number];
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** The event GET /api/events sends: `event: change`, `data: {"topics": [...]}`. */
export interface ChangeEvent {
  topics: LiveTopic[];
}

export function isLiveTopic(value: unknown): value is LiveTopic {
  return typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);
}
