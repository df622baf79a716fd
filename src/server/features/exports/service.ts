/**
 * CSV exports of the admin lists (DECISIONS §5, The admin desk): the same filters as the tab
 * (status, search, flagged), newest first as the tab shows them, read in keyset pages of 1,000 and
 * streamed, so an export of any size keeps one page in memory. Cells are safe from formulas.
 */
import { and, asc, desc, eq, getTableColumns, gt, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import type { AdminWithdrawalFilter } from '../../../shared/schemas/withdrawals.ts';
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
        (last: { id: string; createdAt: Date; fullName: string; email: string; row: typeof weeklyReports.$inferSelect; flags: unknown } | undefined) =>
          db
            .select({
              id: weeklyReports.id,
              createdAt: weeklyReports.createdAt,
              row: weeklyReports,
              fullName: ambassadors.fullName,
              email: ambassadors.email,
              flags: flagsColumn('reports'),
            })
            .from(weeklyReports)
            .innerJoin(ambassadors, eq(ambassadors.id, weeklyReports.ambassadorId))
            .where(and(filter, after(weeklyReports.createdAt, weeklyReports.id, last)))
            .orderBy(desc(weeklyReports.createdAt), asc(weeklyReports.id))
            .limit(PAGE),
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
        (last: { id: string; createdAt: Date; fullName: string; email: string; row: typeof transactions.$inferSelect } | undefined) =>
          db
            .select({ id: transactions.id, createdAt: transactions.createdAt, row: transactions, fullName: ambassadors.fullName, email: ambassadors.email })
            .from(transactions)
            .innerJoin(ambassadors, eq(ambassadors.id, transactions.ambassadorId))
            .where(and(filter, after(transactions.createdAt, transactions.id, last)))
            .orderBy(desc(transactions.createdAt), asc(transactions.id))
            .limit(PAGE),
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
        (last: { id: string; createdAt: Date; fullName: string; email: string; row: typeof withdrawalRequests.$inferSelect; flags: unknown } | undefined) =>
          db
            .select({
              id: withdrawalRequests.id,
              createdAt: withdrawalRequests.createdAt,
              row: withdrawalRequests,
              fullName: ambassadors.fullName,
              email: ambassadors.email,
              flags: flagsColumn('withdrawals'),
            })
            .from(withdrawalRequests)
            .innerJoin(ambassadors, eq(ambassadors.id, withdrawalRequests.ambassadorId))
            .where(and(filter, after(withdrawalRequests.createdAt, withdrawalRequests.id, last)))
            .orderBy(desc(withdrawalRequests.createdAt), asc(withdrawalRequests.id))
            .limit(PAGE),
        ({ row: w, fullName, email, flags }) => [
          w.id,
          fullName,
          email,
          w.amount,
          w.walletAddress,
          w.txHash ? 'paid' : w.status,
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
