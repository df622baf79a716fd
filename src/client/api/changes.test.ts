import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LIVE_TOPICS, PUBLIC_TOPICS, type LiveTopic } from '../../shared/live.ts';
import { CHANGES, catchUp, readsChangedBy, refreshTopics } from './changes.ts';
import { topicsOf } from './streams.ts';
import { RESOURCE_NAMES, resources, type ResourceName } from './resources.ts';

/** One read of each resource, as a page would make it. */
const SAMPLE_KEYS: Record<ResourceName, readonly unknown[]> = {
  currentUser: resources.currentUser().queryKey,
  mfaStatus: resources.mfaStatus().queryKey,
  ambassador: resources.ambassador().queryKey,
  notifications: resources.notifications().queryKey,
  myReports: resources.myReports().queryKey,
  myReportPage: resources.myReportPage(20).queryKey,
  myReport: resources.myReport('r-1').queryKey,
  transactions: resources.transactions().queryKey,
  referrals: resources.referrals().queryKey,
  links: resources.links().queryKey,
  tasks: resources.tasks().queryKey,
  adminTasks: resources.adminTasks({ limit: 20, offset: 0 }).queryKey,
  adminTaskClaims: resources.adminTaskClaims({ limit: 20, offset: 0, status: 'pending_review' }).queryKey,
  adminReferrals: resources.adminReferrals({ limit: 20, offset: 0 }).queryKey,
  withdrawals: resources.withdrawals().queryKey,
  settings: resources.settings().queryKey,
  publicStats: resources.publicStats().queryKey,
  leaderboard: resources.leaderboard().queryKey,
  currentSeason: resources.currentSeason().queryKey,
  endedSeasons: resources.endedSeasons().queryKey,
  season: resources.season('2025-04').queryKey,
  drandChain: resources.drandChain().queryKey,
  publicLog: resources.publicLog().queryKey,
  checkedLog: resources.checkedLog().queryKey,
  setupLinkStatus: resources.setupLinkStatus('token').queryKey,
  unsubscribeStatus: resources.unsubscribeStatus({ u: 'u', s: 's' }).queryKey,
  adminSummary: resources.adminSummary().queryKey,
  securityNotices: resources.securityNotices().queryKey,
  analytics: resources.analytics().queryKey,
  adminApplications: resources.adminApplications({ limit: 20, offset: 0, search: 'ana' }).queryKey,
  adminReports: resources.adminReports({ limit: 20, offset: 40, status: 'pending' }).queryKey,
  adminAmbassadors: resources.adminAmbassadors({ limit: 20, offset: 0 }).queryKey,
  adminWithdrawals: resources.adminWithdrawals({ limit: 20, offset: 0, flagged: 'true' }).queryKey,
  adminAppeals: resources.adminAppeals({ limit: 20, offset: 0, status: 'pending' }).queryKey,
  activityLog: resources.activityLog({ limit: 50, offset: 0 }).queryKey,
  walletSharers: resources.walletSharers('w-1').queryKey,
  admins: resources.admins().queryKey,
  telegramStatus: resources.telegramStatus().queryKey,
  adminSeasons: resources.adminSeasons().queryKey,
  seasonPreview: resources.seasonPreview('2025-03').queryKey,
  apiKeys: resources.apiKeys().queryKey,
  webhooks: resources.webhooks().queryKey,
  webhookDeliveries: resources.webhookDeliveries({ limit: 20, offset: 0, endpoint: 'w-1' }).queryKey,
};

/**
 * What each domain change shows on, page by page (DECISIONS §6), written out here on its own so
 * that the map is checked against the pages, not against itself.
 */
const SHOWN_BY: Record<LiveTopic, ResourceName[]> = {
  // The dashboard (record, reports), the wallet (record, ledger, withdrawals), My Reports (pages, one report),
  // the bell, and the account itself (the header's user, two-factor status), its linked accounts and its tasks' claims.
  me: [
    'ambassador',
    'myReports',
    'transactions',
    'withdrawals',
    'myReportPage',
    'myReport',
    'notifications',
    'currentUser',
    'mfaStatus',
    'referrals',
    'links',
    'tasks',
  ],
  leaderboard: ['leaderboard'],
  // The landing page's figures.
  stats: ['publicStats'],
  // The prize pool and the Hall of Fame (running month, ended months, one month's entrants), the Super Admin's seasons and a month's preview.
  seasons: ['currentSeason', 'endedSeasons', 'season', 'adminSeasons', 'seasonPreview'],
  // /transparency and the Hall of Fame's check.
  log: ['publicLog', 'checkedLog'],
  // The report form, the Super Admin's settings and prizes, and the prize pool of a month without terms.
  settings: ['settings', 'currentSeason'],
  // The Tasks page and the admins' Tasks tab, when an admin creates or changes a task.
  tasks: ['tasks', 'adminTasks'],
  // Each desk queue, its pending count, and analytics.
  applications: ['adminApplications', 'adminSummary', 'analytics'],
  // The Appeals queue holds appeals of reports and of withdrawals; manual task claims wait at the same desk.
  reports: ['adminReports', 'adminAppeals', 'adminSummary', 'analytics', 'adminTasks', 'adminTaskClaims'],
  withdrawals: ['adminWithdrawals', 'adminAppeals', 'walletSharers', 'adminSummary', 'analytics'],
  // The held referrals are decided as the referrers' figures change.
  ambassadors: ['adminAmbassadors', 'walletSharers', 'adminSummary', 'analytics', 'adminReferrals'],
  admins: ['admins', 'securityNotices'],
  activity: ['activityLog'],
  // The Integrations tab: API keys, webhook endpoints and an endpoint's delivery log.
  integrations: ['apiKeys', 'webhooks', 'webhookDeliveries'],
};

/** Reads no change touches: a chain's parameters, the answers to a link sent by email, and the bot's state (its sender is no change: the card reads it again by itself). */
const NEVER_CHANGED: ResourceName[] = ['drandChain', 'setupLinkStatus', 'unsubscribeStatus', 'telegramStatus'];

function seededClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of Object.values(SAMPLE_KEYS)) client.setQueryData(key, { seeded: true });
  return client;
}

function invalidated(client: QueryClient): ResourceName[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey[0] as ResourceName)
    .sort();
}

describe('the table of reads', () => {
  it('keys each read by its name first, so a change reaches every read of it', () => {
    for (const name of RESOURCE_NAMES) expect(SAMPLE_KEYS[name][0]).toBe(name);
    expect(Object.keys(SAMPLE_KEYS).sort()).toEqual([...RESOURCE_NAMES].sort());
  });
});

describe('the change map', () => {
  it.each(LIVE_TOPICS)('a change of %s refreshes exactly the reads that show it', async (topic) => {
    expect([...readsChangedBy([topic])].sort()).toEqual([...SHOWN_BY[topic]].sort());
    const client = seededClient();
    await refreshTopics(client, [topic]);
    expect(invalidated(client)).toEqual([...SHOWN_BY[topic]].sort());
  });

  it('refreshes every page of a paged read, whatever its filter', async () => {
    const client = seededClient();
    const other: readonly unknown[] = resources.adminReports({ limit: 20, offset: 0, status: 'approved', search: 'x' }).queryKey;
    client.setQueryData(other, { seeded: true });
    await refreshTopics(client, ['reports']);
    expect(client.getQueryState(other)?.isInvalidated).toBe(true);
    expect(client.getQueryState(SAMPLE_KEYS.adminReports)?.isInvalidated).toBe(true);
  });

  it('refreshes the reads of several topics at once, and nothing for none', async () => {
    const client = seededClient();
    await refreshTopics(client, []);
    expect(invalidated(client)).toEqual([]);
    await refreshTopics(client, ['stats', 'activity']);
    expect(invalidated(client)).toEqual(['activityLog', 'publicStats']);
  });

  it('leaves no read that a change can touch out of the map', () => {
    const mapped = new Set(Object.values(CHANGES).flat());
    for (const name of RESOURCE_NAMES) expect(mapped.has(name) || NEVER_CHANGED.includes(name), name).toBe(true);
  });

  it('refreshes a visitor’s public reads only from public topics', () => {
    const admin = new Set<ResourceName>([
      'adminSummary',
      'adminApplications',
      'adminReports',
      'adminWithdrawals',
      'adminAppeals',
      'adminAmbassadors',
      'activityLog',
      'admins',
      'apiKeys',
      'webhooks',
      'webhookDeliveries',
    ]);
    for (const name of readsChangedBy(PUBLIC_TOPICS)) expect(admin.has(name) || name === 'ambassador', name).toBe(false);
  });
});

describe('catching up after the live stream (re)opens', () => {
  it('after a drop, reads everything again', async () => {
    const client = seededClient();
    await catchUp(client);
    expect(invalidated(client)).toEqual([...RESOURCE_NAMES].sort());
  });

  it('on its first opening, reads again only what was read before it listened, and not the user', async () => {
    const client = seededClient();
    const openedAt = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    client.setQueryData(SAMPLE_KEYS.ambassador, { seeded: 'after' });
    await catchUp(client, { readBefore: openedAt, except: ['currentUser'] });
    const names = invalidated(client);
    expect(names).not.toContain('currentUser');
    expect(names).not.toContain('ambassador');
    expect(names).toContain('leaderboard');
  });

  it('for a visitor, reads again only the public reads', async () => {
    const client = seededClient();
    await catchUp(client, { only: new Set<ResourceName>(['publicStats', 'endedSeasons']) });
    expect(invalidated(client)).toEqual(['endedSeasons', 'publicStats']);
  });
});

describe('a change event', () => {
  it('names topics, and anything else in it is ignored', () => {
    expect(topicsOf('{"topics":["me","reports","nonsense",3]}')).toEqual(['me', 'reports']);
    expect(topicsOf('not json')).toEqual([]);
    expect(topicsOf('{"topics":"me"}')).toEqual([]);
    expect(topicsOf(undefined)).toEqual([]);
  });
});
