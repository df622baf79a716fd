/**
 * Abuse flags (DECISIONS §5, The admin desk), as SQL the admin lists select beside each row and
 * filter on ('Flagged only'). Each is an EXISTS or a count answered by an index (the lower-cased
 * wallet and Telegram indexes, report_links by link, applications by network hash and time), so a
 * page of 20 costs 20 index probes per flag, never a scan of the table per row.
 *
 * - shared_wallet: the USDT address is also another ambassador's (saved, paid to in a withdrawal, or
 *   proven by that ambassador's signature: an address verified by two ambassadors)
 * - duplicate_proof: a link in the report also appears in another ambassador's report
 * - shared_telegram: the personal Telegram is also another applicant's or ambassador's
 * - same_network: three or more applications from one network address within 24 hours
 * - shared_device: the application came from a browser (its first-party device id, hashed) another
 *   application also came from
 */
import { createHmac } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { ABUSE_FLAGS, type AbuseFlag } from '../../../shared/enums.ts';
import { boundedCount, EXACT_COUNT_LIMIT, FLAGGED_COUNT_LIMIT, listPage, type ListDefinition, type Page } from '../../db/paging.ts';
import { ambassadorApplications, ambassadors, reportLinks, walletProofs, weeklyReports, withdrawalRequests } from '../../db/schema.ts';

/** The network address kept for same_network: an HMAC with the server's secret, not the address. */
export function networkHash(secret: string, address: string): string {
  return createHmac('sha256', `network:${secret}`).update(address).digest('base64url');
}

/** The browser kept for shared_device: an HMAC of its first-party device id (cookie `did`) with the server's secret. */
export function deviceHash(secret: string, deviceId: string): string {
  return createHmac('sha256', `device:${secret}`).update(deviceId).digest('base64url');
}

/** Applications from one network address within this window, counting the row's own, that flag it. */
export const SAME_NETWORK_MIN = 3;

const walletShared = (address: SQL, owner: SQL) => sql`(${address} is not null and (
  exists (select 1 from ${ambassadors} o where lower(o.usdt_wallet_address) = lower(${address}) and o.id <> ${owner})
  or exists (select 1 from ${withdrawalRequests} w where lower(w.wallet_address) = lower(${address}) and w.ambassador_id <> ${owner})
  or exists (select 1 from ${walletProofs} p where lower(p.address) = lower(${address}) and p.ambassador_id <> ${owner})))`;

const telegramShared = (handle: SQL, ambassadorId: SQL, applicationId: SQL) => sql`(${handle} is not null and ${handle} <> '' and (
  exists (select 1 from ${ambassadors} o where lower(o.personal_telegram_handle) = lower(${handle}) and o.id is distinct from ${ambassadorId})
  or exists (select 1 from ${ambassadorApplications} p where lower(p.personal_telegram_handle) = lower(${handle})
    and p.id is distinct from ${applicationId}
    and not exists (select 1 from ${ambassadors} own where own.application_id = p.id and own.id is not distinct from ${ambassadorId}))))`;

/** Each list's flags: name -> condition on the list's own row. */
export const FLAG_CONDITIONS = {
  applications: {
    shared_telegram: telegramShared(sql`${ambassadorApplications.personalTelegramHandle}`, sql`null::uuid`, sql`${ambassadorApplications.id}`),
    same_network: sql`(${ambassadorApplications.networkHash} is not null and (select count(*) from ${ambassadorApplications} n
      where n.network_hash = ${ambassadorApplications.networkHash}
      and n.created_at between ${ambassadorApplications.createdAt} - interval '24 hours' and ${ambassadorApplications.createdAt} + interval '24 hours') >= ${SAME_NETWORK_MIN})`,
    shared_device: sql`(${ambassadorApplications.deviceHash} is not null and exists (select 1 from ${ambassadorApplications} d
      where d.device_hash = ${ambassadorApplications.deviceHash} and d.id <> ${ambassadorApplications.id}))`,
  },
  reports: {
    duplicate_proof: sql`exists (select 1 from ${reportLinks} mine join ${reportLinks} other on other.url = mine.url and other.ambassador_id <> mine.ambassador_id
      where mine.report_id = ${weeklyReports.id})`,
  },
  ambassadors: {
    shared_wallet: walletShared(sql`${ambassadors.usdtWalletAddress}`, sql`${ambassadors.id}`),
    shared_telegram: telegramShared(sql`${ambassadors.personalTelegramHandle}`, sql`${ambassadors.id}`, sql`${ambassadors.applicationId}`),
  },
  withdrawals: {
    shared_wallet: walletShared(sql`${withdrawalRequests.walletAddress}`, sql`${withdrawalRequests.ambassadorId}`),
  },
} as const satisfies Record<string, Partial<Record<AbuseFlag, SQL>>>;

export type FlaggedList = keyof typeof FLAG_CONDITIONS;

/** The row's flags as a text array column of the select. */
export function flagsColumn(list: FlaggedList): SQL<AbuseFlag[]> {
  const entries = Object.entries(FLAG_CONDITIONS[list]) as Array<[AbuseFlag, SQL]>;
  const parts = entries.map(([name, condition]) => sql`case when ${condition} then ${name} end`);
  return sql<AbuseFlag[]>`array_remove(array[${sql.join(parts, sql`, `)}]::text[], null)`;
}

/** How far a list's total is counted exactly: less far when it is filtered by flags (db/paging). */
export function countLimit(flagged: boolean | undefined): number {
  return flagged ? FLAGGED_COUNT_LIMIT : EXACT_COUNT_LIMIT;
}

/** One page of a list of `table`'s rows with their flags: its total counted exactly as far as countLimit says. */
export function flaggedListPage<R extends Record<string, unknown>>(
  db: Db,
  table: PgTable,
  query: { limit: number; offset: number; cursor?: string | undefined; flagged?: boolean | undefined },
  list: ListDefinition<R>,
): Promise<Page<R>> {
  return listPage(query, { ...list, count: (filter) => boundedCount(db, table, filter, countLimit(query.flagged)) });
}

/** 'Flagged only': rows with at least one flag. */
export function flaggedFilter(list: FlaggedList): SQL {
  const conditions = Object.values(FLAG_CONDITIONS[list]) as SQL[];
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** Sanity for the view: only names the contract knows. */
export function asFlags(value: unknown): AbuseFlag[] {
  return Array.isArray(value) ? value.filter((v): v is AbuseFlag => (ABUSE_FLAGS as readonly string[]).includes(String(v))) : [];
}
