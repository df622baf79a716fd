/**
 * The client's data boundary, its writing half (issue 27, DECISIONS §6): what a change changed is
 * named in the live topics' words (src/shared/live.ts) by the server, from the tables it wrote: in
 * the change's own answer (X-Changed-Topics, lib/api.ts, refreshed by app/query-client.ts) and on
 * the live streams (GET /api/events, live.ts). CHANGES alone decides which
 * reads of resources.ts that refreshes. Every refresh and every write of the query cache is here;
 * no other file calls invalidateQueries, setQueryData and the like.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { PUBLIC_TOPICS, type LiveTopic } from '../../shared/live.ts';
import type { TCurrentUser } from '../../shared/schemas/auth.ts';
import type { TLeaderboardEntry } from '../../shared/schemas/public.ts';
import { RESOURCE_NAMES, resources, type ResourceName } from './resources.ts';

/** Each domain change, and the reads that show it. */
export const CHANGES: Readonly<Record<LiveTopic, readonly ResourceName[]>> = {
  // The session's own account, ambassador record, ledger, reports, withdrawals and notifications.
  me: [
    'currentUser',
    'mfaStatus',
    'ambassador',
    'notifications',
    'myReports',
    'myReportPage',
    'myReport',
    'transactions',
    'withdrawals',
    'referrals',
    'links',
    'tasks',
  ],
  leaderboard: ['leaderboard'],
  stats: ['publicStats'],
  seasons: ['currentSeason', 'endedSeasons', 'season', 'adminSeasons', 'seasonPreview'],
  log: ['publicLog', 'checkedLog'],
  // A month that has no terms yet shows the settings' prizes.
  settings: ['settings', 'currentSeason'],
  // A task created or changed (ADR 029): the ambassador's Tasks page and the admins' Tasks tab.
  tasks: ['tasks', 'adminTasks'],
  applications: ['adminApplications', 'adminSummary', 'analytics'],
  // An appeal is of a report or a withdrawal: its queue changes with theirs.
  // A manual task claim waits at the review desk, and is decided there.
  reports: ['adminReports', 'adminAppeals', 'adminSummary', 'analytics', 'adminTasks', 'adminTaskClaims'],
  withdrawals: ['adminWithdrawals', 'adminAppeals', 'walletSharers', 'adminSummary', 'analytics'],
  // The summary counts ambassadors; a wallet changed changes who shares it.
  ambassadors: ['adminAmbassadors', 'walletSharers', 'adminSummary', 'analytics', 'adminReferrals'],
  admins: ['admins', 'securityNotices'],
  activity: ['activityLog'],
  // The super admin's keys and endpoints, and each delivery attempt (the sender names it).
  integrations: ['apiKeys', 'webhooks', 'webhookDeliveries'],
};

/** The reads a change of these topics refreshes. */
export function readsChangedBy(topics: Iterable<LiveTopic>): Set<ResourceName> {
  const names = new Set<ResourceName>();
  for (const topic of topics) for (const name of CHANGES[topic] ?? []) names.add(name);
  return names;
}

/** The reads a visitor's page can show: the public topics'. */
export const PUBLIC_READS: ReadonlySet<ResourceName> = readsChangedBy(PUBLIC_TOPICS);

const RESOURCES = new Set<string>(RESOURCE_NAMES);

function nameOf(query: Query): ResourceName | undefined {
  const first = query.queryKey[0];
  return typeof first === 'string' && RESOURCES.has(first) ? (first as ResourceName) : undefined;
}

/**
 * These topics changed: the reads shown now are read again (the promise ends when they are), the
 * others when next shown. A read under way is restarted: it may have begun before the change.
 */
export function refreshTopics(client: QueryClient, topics: Iterable<LiveTopic>): Promise<void> {
  const names = readsChangedBy(topics);
  if (!names.size) return Promise.resolve();
  return client.invalidateQueries({
    predicate: (query) => {
      const name = nameOf(query);
      return name !== undefined && names.has(name);
    },
  });
}

/**
 * A live stream dropped: what is cached may miss a change, so each read (of `only`, when given) is
 * read again when next shown; what is shown stays until the stream is back (catchUp).
 */
export function markUncertain(client: QueryClient, only?: ReadonlySet<ResourceName>): void {
  void client.invalidateQueries({
    refetchType: 'none',
    predicate: (query) => {
      const name = nameOf(query);
      return name !== undefined && (!only || only.has(name));
    },
  });
}

/**
 * Catching up after the live connection (re)opened. `readBefore`: only reads made before that time,
 * or failed, and none under way (the stream's first opening: the page's own reads are just being
 * made). `only`: these reads alone (a visitor's stream hears public topics only). `except`: reads
 * left alone.
 */
export function catchUp(
  client: QueryClient,
  options: { readBefore?: number; only?: ReadonlySet<ResourceName>; except?: readonly ResourceName[] } = {},
): Promise<void> {
  const { readBefore, only, except = [] } = options;
  return client.invalidateQueries({
    predicate: (query) => {
      const name = nameOf(query);
      if (!name || except.includes(name) || (only && !only.has(name))) return false;
      if (readBefore === undefined) return true;
      const { status, fetchStatus, dataUpdatedAt } = query.state;
      return fetchStatus !== 'fetching' && (status === 'error' || (status === 'success' && dataUpdatedAt < readBefore));
    },
  });
}

/** The connection is back (the browser's `online`): the reads shown that failed are made again. */
export function retryFailed(client: QueryClient): Promise<void> {
  return client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' && nameOf(query) !== undefined });
}

const currentUserKey = resources.currentUser().queryKey;

/** Who is signed in, as the cache holds it (undefined: not known yet). */
export function cachedUser(client: QueryClient): TCurrentUser | null | undefined {
  return client.getQueryData(currentUserKey);
}

/** The user as the server has just answered it (a sign-in, a saved language): known without asking again. */
export function showSignedIn(client: QueryClient, user: TCurrentUser): void {
  client.setQueryData(currentUserKey, user);
}

/** A read or a write answered 401: the session has ended (the route guard takes over, to /auth, which says so). */
export function sessionEnded(client: QueryClient): void {
  if (client.getQueryData(currentUserKey) !== null) client.setQueryData(currentUserKey, null);
}

/** Asks the server who is signed in again (the live stream was refused: was the session ended?). */
export function checkSession(client: QueryClient): Promise<void> {
  return client.refetchQueries({ queryKey: currentUserKey, type: 'active' });
}

/** Signed out: nothing read for the session is kept. */
export function forgetSession(client: QueryClient): void {
  client.clear();
  client.setQueryData(currentUserKey, null);
}

/** The public stream's standings (live.ts): the leaderboard as the server has it now. */
export function showLeaderboard(client: QueryClient, entries: TLeaderboardEntry[]): void {
  client.setQueryData(resources.leaderboard().queryKey, entries);
}
