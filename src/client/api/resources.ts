/**
 * Every read of the server the client makes, declared once (issue 27): its name, its query key
 * (the name first, then what picks one read of it), its fetcher and its options. Pages read through
 * these (the hooks beside them are thin wrappers) and never build a key; which reads a change
 * refreshes is decided by names in changes.ts, the one place that refreshes or writes the cache.
 *
 * Reads are current because changes are pushed (DECISIONS §6), so a read is never stale by age
 * (app/query-client.ts): a change, a reconnection or a mutation refreshes it through changes.ts.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TAnalytics } from '../../shared/schemas/analytics.ts';
import type { TSecurityNotice, TAdminAccount, TAdminActionView, TAdminSummary } from '../../shared/schemas/admins.ts';
import type { TCurrentUser } from '../../shared/schemas/auth.ts';
import type { TMfaStatus } from '../../shared/schemas/mfa.ts';
import type { TNotification, TSetupLinkStatus } from '../../shared/schemas/notifications.ts';
import type { TSeasonAdminItem, TSeasonPreview } from '../../shared/schemas/season-admin.ts';
import type { TCurrentSeason, TDrandChainInfo, TSeasonDetail, TSeasonSummary } from '../../shared/schemas/seasons.ts';
import type { TSettings, TTelegramStatus } from '../../shared/schemas/settings.ts';
import type { TAdminAmbassadorView, TOwnAmbassador } from '../../shared/schemas/ambassadors.ts';
import type { TAdminApplicationView } from '../../shared/schemas/applications.ts';
import type { TAdminReportView, TReportView } from '../../shared/schemas/reports.ts';
import type { TAdminWithdrawalView, TWalletSharers, TWithdrawalView } from '../../shared/schemas/withdrawals.ts';
import type { TLeaderboardEntry, TStats } from '../../shared/schemas/public.ts';
import type { TTransactionView } from '../../shared/schemas/wallet.ts';
import type { TAdminReferral, TReferralsView } from '../../shared/schemas/referrals.ts';
import type { TApiKeyView, TWebhookDeliveryView, TWebhookView } from '../../shared/schemas/integrations.ts';
import type { TLinkView } from '../../shared/schemas/links.ts';
import type { TAdminClaimView, TAdminTaskView, TTaskView } from '../../shared/schemas/tasks.ts';
import { MY_REPORTS_PAGE_SIZE } from '../../shared/limits.ts';
import type { TAdminAppealView } from './decisions.ts';
import { ApiError, apiGetWithHeaders, apiPage, apiRequest, type Page } from '../lib/api.ts';
import { hasSessionHint, rememberSignedIn } from '../lib/session-hint.ts';

const id = (value: string) => encodeURIComponent(value);

// ---- The session's own -------------------------------------------------------------------------

/**
 * The signed-in user, or null: 401 is the only answer read as "signed out" (spec §8). Without the
 * session hint the answer is null without asking, unless `evenWithoutHint` (a page that needs a
 * user asks the server whatever the hint says).
 */
async function getCurrentUser(evenWithoutHint: boolean): Promise<TCurrentUser | null> {
  if (!evenWithoutHint && !hasSessionHint()) return null;
  try {
    const user = await apiRequest<TCurrentUser>('GET', '/api/user');
    rememberSignedIn();
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** How many notifications the bell lists. */
export const NOTIFICATIONS_SHOWN = 20;

export interface NotificationList {
  items: TNotification[];
  unread: number;
}

/** GET /api/notifications: the newest, and how many are unread (X-Unread-Count). */
async function getNotifications(): Promise<NotificationList> {
  const { data: items, headers } = await apiGetWithHeaders<TNotification[]>(`/api/notifications?limit=${NOTIFICATIONS_SHOWN}`);
  const header = headers.get('X-Unread-Count');
  const unread = header !== null && /^\d+$/.test(header) ? Number(header) : items.filter((item) => !item.read).length;
  return { items, unread };
}

/** The linked accounts, and the link code an X post must hold (GET /api/links answers it in X-Link-Code). */
export interface LinkedAccounts {
  links: TLinkView[];
  linkCode: string | null;
}

async function getLinks(): Promise<LinkedAccounts> {
  const { data: links, headers } = await apiGetWithHeaders<TLinkView[]>('/api/links');
  return { links, linkCode: headers.get('X-Link-Code') };
}

/** The signed link of an unsubscribe email: the account (`u`) and its signature (`s`). */
export interface UnsubscribeLink {
  u: string;
  s: string;
}

/** The parameters of a paged admin list (?limit=&offset=, and its filter and search). */
export type AdminListParams = { limit: number; offset: number } & Record<string, string | number | undefined>;

/**
 * A paged admin list: the key names the list, then the page, filter and search asked for. `url`: its
 * address, or where a page is read from and with what (a list of one record's, which a parameter picks).
 */
function adminList<T>(name: AdminListName, url: string | ((params: AdminListParams) => [string, AdminListParams])) {
  return (params: AdminListParams) =>
    queryOptions({
      queryKey: [name, params] as const,
      queryFn: () => (typeof url === 'string' ? apiPage<T>(url, params) : apiPage<T>(...url(params))),
      placeholderData: keepPreviousData,
    });
}

type AdminListName =
  | 'adminApplications'
  | 'adminReports'
  | 'adminAmbassadors'
  | 'adminWithdrawals'
  | 'adminAppeals'
  | 'activityLog'
  | 'webhookDeliveries'
  | 'adminTasks'
  | 'adminTaskClaims'
  | 'adminReferrals';

/** A read that is never served from the cache when a page opens: the public log is checked as it is now. */
const READ_AFRESH = { staleTime: 0, refetchOnMount: 'always' } as const;

export const resources = {
  currentUser: ({ evenWithoutHint = false }: { evenWithoutHint?: boolean } = {}) =>
    queryOptions({ queryKey: ['currentUser'] as const, queryFn: () => getCurrentUser(evenWithoutHint) }),
  mfaStatus: () => queryOptions({ queryKey: ['mfaStatus'] as const, queryFn: () => apiRequest<TMfaStatus>('GET', '/api/mfa') }),
  /**
   * The signed-in ambassador's own record: the dashboard, report, profile and wallet pages all read
   * GET /api/ambassador (the server answers GET /api/ambassadors/me with the same record). An
   * account without an ambassador record is answered 404 (isAmbassadorMissing).
   */
  ambassador: () => queryOptions({ queryKey: ['ambassador'] as const, queryFn: () => apiRequest<TOwnAmbassador>('GET', '/api/ambassador') }),
  notifications: () => queryOptions({ queryKey: ['notifications'] as const, queryFn: getNotifications }),
  /** The ambassador's own reports, all of them (the dashboard's chart and recent reports). */
  myReports: () => queryOptions({ queryKey: ['myReports'] as const, queryFn: () => apiRequest<TReportView[]>('GET', '/api/reports') }),
  /** One page of My Reports (total in X-Total-Count). */
  myReportPage: (offset: number) =>
    queryOptions({
      queryKey: ['myReportPage', offset] as const,
      queryFn: () => apiPage<TReportView>('/api/reports', { limit: MY_REPORTS_PAGE_SIZE, offset }),
      placeholderData: keepPreviousData,
    }),
  /** One of the ambassador's own reports: read afresh each time its detail opens (a notification's link may come before the list has it). */
  myReport: (reportId: string) =>
    queryOptions({ queryKey: ['myReport', reportId] as const, queryFn: () => apiRequest<TReportView>('GET', `/api/reports/${id(reportId)}`), staleTime: 0 }),
  transactions: () => queryOptions({ queryKey: ['transactions'] as const, queryFn: () => apiRequest<TTransactionView[]>('GET', '/api/transactions') }),
  /** Held referrals (the server's default status), oldest first, a page at a time. */
  adminReferrals: adminList<TAdminReferral>('adminReferrals', '/api/admin/referrals'),
  referrals: () => queryOptions({ queryKey: ['referrals'] as const, queryFn: () => apiRequest<TReferralsView>('GET', '/api/referrals') }),
  /** Telegram, Discord, X and the proven wallet, with the link code (DECISIONS §7, Linked accounts). */
  links: () => queryOptions({ queryKey: ['links'] as const, queryFn: getLinks }),
  /** The tasks open to the ambassador, each with this period's claim. */
  tasks: () => queryOptions({ queryKey: ['tasks'] as const, queryFn: () => apiRequest<TTaskView[]>('GET', '/api/tasks') }),
  withdrawals: () => queryOptions({ queryKey: ['withdrawals'] as const, queryFn: () => apiRequest<TWithdrawalView[]>('GET', '/api/withdrawal-requests') }),

  // ---- Public ----------------------------------------------------------------------------------
  settings: () => queryOptions({ queryKey: ['settings'] as const, queryFn: () => apiRequest<TSettings>('GET', '/api/settings') }),
  /** Spec §2: each figure falls back to 0 when the answer lacks it. */
  publicStats: () => queryOptions({ queryKey: ['publicStats'] as const, queryFn: () => apiRequest<Partial<TStats>>('GET', '/api/public/stats') }),
  leaderboard: () => queryOptions({ queryKey: ['leaderboard'] as const, queryFn: () => apiRequest<TLeaderboardEntry[]>('GET', '/api/public/leaderboard') }),
  /** The running month and its terms, fixed when it began (DECISIONS §5, protocol 2 step 1). */
  currentSeason: () => queryOptions({ queryKey: ['currentSeason'] as const, queryFn: () => apiRequest<TCurrentSeason>('GET', '/api/public/seasons/current') }),
  /** The ended months the Hall of Fame shows, newest first: protocol 2 months from their freeze on, protocol 1 months once closed. */
  endedSeasons: () => queryOptions({ queryKey: ['endedSeasons'] as const, queryFn: () => apiRequest<TSeasonSummary[]>('GET', '/api/public/seasons') }),
  /** One month with everyone in its draw. */
  season: (month: string) =>
    queryOptions({ queryKey: ['season', month] as const, queryFn: () => apiRequest<TSeasonDetail>('GET', `/api/public/seasons/${id(month)}`) }),
  /** The drand chain this server draws from; only a test chain's key is ever used from it (src/shared/verify-log.ts, chainFor). */
  drandChain: () => queryOptions({ queryKey: ['drandChain'] as const, queryFn: () => apiRequest<TDrandChainInfo>('GET', '/api/public/drand') }),
  /** The whole log, read afresh on each visit: a log is checked as it is now, not as it was cached. */
  publicLog: () => queryOptions({ queryKey: ['publicLog'] as const, queryFn: async () => (await import('./public-log.ts')).getWholeLog(), ...READ_AFRESH }),
  /** The whole log, checked in this browser (its chain, its head, the heads seen before), read afresh as the log is. */
  checkedLog: () => queryOptions({ queryKey: ['checkedLog'] as const, queryFn: async () => (await import('./public-log.ts')).getCheckedLog(), ...READ_AFRESH }),
  setupLinkStatus: (token: string) =>
    queryOptions({
      queryKey: ['setupLinkStatus', token] as const,
      queryFn: () => apiRequest<TSetupLinkStatus>('GET', `/api/setup-password/${id(token)}/status`),
    }),
  /** Whether an unsubscribe link is valid (403 otherwise) and whether its account still gets decision emails; a refusal is not tried again. */
  unsubscribeStatus: (link: UnsubscribeLink) =>
    queryOptions({
      queryKey: ['unsubscribeStatus', link.u, link.s] as const,
      queryFn: () => apiRequest<{ emailNotifications: boolean }>('GET', `/api/unsubscribe/status?${new URLSearchParams({ u: link.u, s: link.s }).toString()}`),
      retry: false,
    }),

  // ---- The admin desk --------------------------------------------------------------------------
  adminSummary: () => queryOptions({ queryKey: ['adminSummary'] as const, queryFn: () => apiRequest<TAdminSummary>('GET', '/api/admin/summary') }),
  /** Changes to the admin team of the last 7 days (issue 24). */
  securityNotices: () =>
    queryOptions({ queryKey: ['securityNotices'] as const, queryFn: () => apiRequest<TSecurityNotice[]>('GET', '/api/admin/security-notices') }),
  /** The programme over time; read again each time the tab opens. */
  analytics: () => queryOptions({ queryKey: ['analytics'] as const, queryFn: () => apiRequest<TAnalytics>('GET', '/api/admin/analytics'), staleTime: 0 }),
  /** Pending applications, most followers first. */
  adminApplications: adminList<TAdminApplicationView>('adminApplications', '/api/admin/applications'),
  adminReports: adminList<TAdminReportView>('adminReports', '/api/admin/reports'),
  adminAmbassadors: adminList<TAdminAmbassadorView>('adminAmbassadors', '/api/admin/ambassadors'),
  adminWithdrawals: adminList<TAdminWithdrawalView>('adminWithdrawals', '/api/admin/withdrawal-requests'),
  /** Appeals of rejected reports and withdrawals, pending first, oldest first (DECISIONS §6). */
  adminAppeals: adminList<TAdminAppealView>('adminAppeals', '/api/admin/appeals'),
  /** Tasks checked by machine, newest first, their claims counted. */
  adminTasks: adminList<TAdminTaskView>('adminTasks', '/api/admin/tasks'),
  /** Task claims with their verdicts and evidence (?taskId&status). */
  adminTaskClaims: adminList<TAdminClaimView>('adminTaskClaims', '/api/admin/task-claims'),
  /** The super admin's Admin Activity Log. */
  activityLog: adminList<TAdminActionView>('activityLog', '/api/super-admin/actions'),
  /** The other owners of a flagged withdrawal's wallet. */
  walletSharers: (withdrawalId: string) =>
    queryOptions({
      queryKey: ['walletSharers', withdrawalId] as const,
      queryFn: () => apiRequest<TWalletSharers>('GET', `/api/admin/withdrawals/${id(withdrawalId)}/shared-wallet`),
    }),
  admins: () => queryOptions({ queryKey: ['admins'] as const, queryFn: () => apiRequest<TAdminAccount[]>('GET', '/api/super-admin/admins') }),
  telegramStatus: () => queryOptions({ queryKey: ['telegramStatus'] as const, queryFn: () => apiRequest<TTelegramStatus>('GET', '/api/super-admin/telegram') }),
  adminSeasons: () => queryOptions({ queryKey: ['adminSeasons'] as const, queryFn: () => apiRequest<TSeasonAdminItem[]>('GET', '/api/super-admin/seasons') }),
  seasonPreview: (month: string) =>
    queryOptions({
      queryKey: ['seasonPreview', month] as const,
      queryFn: () => apiRequest<TSeasonPreview>('GET', `/api/super-admin/seasons/${id(month)}/preview`),
    }),
  /** The super admin's API keys in force (never a key itself). */
  apiKeys: () => queryOptions({ queryKey: ['apiKeys'] as const, queryFn: () => apiRequest<TApiKeyView[]>('GET', '/api/admin/api-keys') }),
  /** The webhook endpoints (never a secret). */
  webhooks: () => queryOptions({ queryKey: ['webhooks'] as const, queryFn: () => apiRequest<TWebhookView[]>('GET', '/api/admin/webhooks') }),
  /** One page of an endpoint's delivery log, newest first (total in X-Total-Count); `endpoint` picks the endpoint and is not sent. */
  webhookDeliveries: adminList<TWebhookDeliveryView>('webhookDeliveries', ({ endpoint, ...page }) => [
    `/api/admin/webhooks/${id(String(endpoint))}/deliveries`,
    page,
  ]),
};

export type ResourceName = keyof typeof resources;
export const RESOURCE_NAMES = Object.keys(resources) as ResourceName[];

/** The admin lists that useAdminList pages through. */
export type AdminListResource<T> = (params: AdminListParams) => ReturnType<ReturnType<typeof adminList<T>>>;

/** An account without an ambassador record: GET /api/ambassador answers 404 (AMBASSADOR_NOT_FOUND on the server), and only then. */
export function isAmbassadorMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export type { Page };
