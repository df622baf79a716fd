/**
 * CSV exports of the admin lists (DECISIONS §5, The admin desk): the same filters as the tab
 * (status, search, flagged), newest first as the tab shows them, read in keyset pages of 1,000 and
 * streamed, so an export of any size keeps one page in memory. Cells are safe from formulas.
 */
import { and, asc, desc, eq, getTableColumns, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import { withdrawalStage, type AdminWithdrawalFilter } from '../../../shared/schemas/withdrawals.ts';
import type { ReportStatus } from '../../../shared/schemas/reports.ts';
import type { AppContext } from '../../context.ts';
import { csvStream } from '../../csv.ts';
import { ambassadorApplications, ambassadors, transactions, weeklyReports, withdrawalRequests } from '../../db/schema.ts';
import { containsAny } from '../../db/search.ts';
import { asFlags, flaggedFilter, flagsColumn } from '../abuse/flags.ts';
import { ambassadorSearch } from '../ambassadors/service.ts';
import { stageFilter } from '../wallet/service.ts';

export const EXPORTS = ['ambassadors', 'applications', 'reports', 'transactions', 'withdrawals'] as const;
export type ExportName = (typeof EXPORTS)[number];

export interface ExportQuery {
  status?: string | undefined;
  search?: string | undefined;
  flagged?: boolean | undefined;
}

const PAGE = 1_000;

interface Keyed {
  createdAt: Date;
  id: string;
}

/** After the last row, newest first (created_at desc, id asc: the lists' index order). */
function after(createdAt: AnyPgColumn, id: AnyPgColumn, last: Keyed | undefined): SQL | undefined {
  return last ? or(lt(createdAt, last.createdAt), and(eq(createdAt, last.createdAt), gt(id, last.id))) : undefined;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? '';
const flagText = (flags: unknown) => asFlags(flags).join(' ');

type Owned = typeof weeklyReports | typeof transactions | typeof withdrawalRequests;
/** A row of a table whose rows belong to an ambassador, with its owner's name and email and its flags. */
interface OwnedRow<T extends Owned> extends Keyed {
  row: T['$inferSelect'];
  fullName: string;
  email: string;
  flags: unknown;
}

/** The pages of such a table, newest first, joined to their ambassador; `flags`: the list's flags column. */
function ownedPages<T extends Owned>(db: AppContext['db'], table: T, filter: SQL | undefined, flags?: SQL) {
  return (last: OwnedRow<T> | undefined): Promise<OwnedRow<T>[]> =>
    db
      .select({
        id: table.id,
        createdAt: table.createdAt,
        row: table as Owned,
        fullName: ambassadors.fullName,
        email: ambassadors.email,
        flags: flags ?? sql`null`,
      })
      .from(table as Owned)
      .innerJoin(ambassadors, eq(ambassadors.id, table.ambassadorId))
      .where(and(filter, after(table.createdAt, table.id, last)))
      .orderBy(desc(table.createdAt), asc(table.id))
      .limit(PAGE) as unknown as Promise<OwnedRow<T>[]>;
}

export function exportCsv(ctx: AppContext, name: ExportName, query: ExportQuery): Readable {
  const db = ctx.db;
  switch (name) {
    case 'ambassadors': {
      const filter = and(ambassadorSearch(query.search), query.flagged ? flaggedFilter('ambassadors') : undefined);
      return csvStream(
        [
          'id',
          'full_name',
          'email',
          'country',
          'status',
          'badge_level',
          'total_gcm_earned',
          'total_usdt_earned',
          'usdt_wallet_address',
          'personal_telegram',
          'joined_at',
          'flags',
        ],
        (last: (typeof ambassadors.$inferSelect & { flags: unknown }) | undefined) =>
          db
            .select({ ...getTableColumns(ambassadors), flags: flagsColumn('ambassadors') })
            .from(ambassadors)
            .where(and(filter, after(ambassadors.createdAt, ambassadors.id, last)))
            .orderBy(desc(ambassadors.createdAt), asc(ambassadors.id))
            .limit(PAGE),
        (a) => [
          a.id,
          a.fullName,
          a.email,
          a.country,
          a.status,
          a.badgeLevel,
          a.totalGcmEarned,
          a.totalUsdtEarned,
          a.usdtWalletAddress,
          a.personalTelegramHandle,
          iso(a.createdAt),
          flagText(a.flags),
        ],
        PAGE,
      );
    }
    case 'applications': {
      // The tab lists pending applications; the export is the same list.
      const filter = and(
        eq(ambassadorApplications.status, 'pending'),
        containsAny(query.search, ambassadorApplications.fullName, ambassadorApplications.email),
        query.flagged ? flaggedFilter('applications') : undefined,
      );
      return csvStream(
        ['id', 'full_name', 'email', 'country', 'personal_telegram', 'platforms', 'total_followers', 'status', 'applied_at', 'flags'],
        (last: (typeof ambassadorApplications.$inferSelect & { flags: unknown }) | undefined) =>
          db
            .select({ ...getTableColumns(ambassadorApplications), flags: flagsColumn('applications') })
            .from(ambassadorApplications)
            .where(and(filter, after(ambassadorApplications.createdAt, ambassadorApplications.id, last)))
            .orderBy(desc(ambassadorApplications.createdAt), asc(ambassadorApplications.id))
            .limit(PAGE),
        (a) => [
          a.id,
          a.fullName,
          a.email,
          a.country,
          a.personalTelegramHandle,
          a.socialMediaPlatforms.join(' '),
          a.totalFollowers,
          a.status,
          iso(a.createdAt),
          flagText(a.flags),
        ],
        PAGE,
      );
    }
    case 'reports': {
      const filter = and(
        query.status ? eq(weeklyReports.status, query.status as ReportStatus) : undefined,
        containsAny(query.search, ambassadors.fullName, ambassadors.email),
        query.flagged ? flaggedFilter('reports') : undefined,
      );
      return csvStream(
        ['id', 'ambassador', 'email', 'week_start', 'week_end', 'status', 'gcm_awarded', 'usdt_awarded', 'admin_notes', 'submitted_at', 'reviewed_at', 'flags'],
        ownedPages(db, weeklyReports, filter, flagsColumn('reports')),
        ({ row: r, fullName, email, flags }) => [
          r.id,
          fullName,
          email,
          r.weekStartDate,
          r.weekEndDate,
          r.status,
          r.gcmAwarded,
          r.usdtAwarded,
          r.adminNotes,
          iso(r.createdAt),
          iso(r.reviewedAt),
          flagText(flags),
        ],
        PAGE,
      );
    }
    case 'transactions': {
      const filter = containsAny(query.search, ambassadors.fullName, ambassadors.email);
      return csvStream(
        ['id', 'ambassador', 'email', 'type', 'currency', 'amount', 'description', 'report_id', 'withdrawal_id', 'created_at'],
        ownedPages(db, transactions, filter),
        ({ row: t, fullName, email }) => [t.id, fullName, email, t.type, t.currency, t.amount, t.description, t.reportId, t.withdrawalId, iso(t.createdAt)],
        PAGE,
      );
    }
    case 'withdrawals': {
      const filter = and(
        stageFilter(query.status as AdminWithdrawalFilter | undefined),
        containsAny(query.search, ambassadors.fullName, ambassadors.email, withdrawalRequests.walletAddress),
        query.flagged ? flaggedFilter('withdrawals') : undefined,
      );
      return csvStream(
        ['id', 'ambassador', 'email', 'amount_usdt', 'wallet_address', 'status', 'tx_hash', 'paid_at', 'requested_at', 'reviewed_at', 'admin_notes', 'flags'],
        ownedPages(db, withdrawalRequests, filter, flagsColumn('withdrawals')),
        ({ row: w, fullName, email, flags }) => [
          w.id,
          fullName,
          email,
          w.amount,
          w.walletAddress,
          withdrawalStage(w),
          w.txHash,
          iso(w.paidAt),
          iso(w.createdAt),
          iso(w.reviewedAt),
          w.adminNotes,
          flagText(flags),
        ],
        PAGE,
      );
    }
  }
}
