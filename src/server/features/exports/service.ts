/**
 * CSV exports of the admin lists (DECISIONS §5, The admin desk): each export reads the very list
 * its tab shows (the list's own definition: filter, order and query, from the feature's service),
 * in keyset pages of 1,000 streamed one by one, so an export of any size keeps one page in memory.
 * Cells are safe from formulas.
 */
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { withdrawalStage, type AdminWithdrawalFilter } from '../../../shared/schemas/withdrawals.ts';
import type { ReportStatus } from '../../../shared/schemas/reports.ts';
import type { AppContext } from '../../context.ts';
import { csvStream } from '../../csv.ts';
import { cursorColumns, pagesOf, paged, type SortKey } from '../../db/paging.ts';
import { ambassadors, transactions } from '../../db/schema.ts';
import { ambassadorSearch } from '../../db/search.ts';
import { asFlags } from '../abuse/index.ts';
import { ambassadorList } from '../ambassadors/index.ts';
import { applicationList } from '../applications/index.ts';
import { APPLICATION_FILTERS, type ApplicationFilter } from '../../../shared/schemas/applications.ts';
import { reportList } from '../reports/index.ts';
import { withdrawalList } from '../wallet/index.ts';
import type { WalletProof } from '../../../shared/enums.ts';

export const EXPORTS = ['ambassadors', 'applications', 'reports', 'transactions', 'withdrawals'] as const;
export type ExportName = (typeof EXPORTS)[number];

/** The applications' status filter (the route has checked it); pending when left out. */
function asApplicationFilter(status: string | undefined): ApplicationFilter | undefined {
  return (APPLICATION_FILTERS as readonly string[]).includes(status ?? '') ? (status as ApplicationFilter) : undefined;
}

export interface ExportQuery {
  status?: string | undefined;
  search?: string | undefined;
  flagged?: boolean | undefined;
  walletProof?: WalletProof | undefined;
}

const PAGE = 1_000;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? '';
const flagText = (flags: unknown) => asFlags(flags).join(' ');

/** Newest first, ties by id: the ledger's order for the transactions export (it has no tab of its own). */
const LEDGER_KEYS: SortKey[] = [
  { column: transactions.createdAt, direction: 'desc', kind: 'timestamp' },
  { column: transactions.id, direction: 'asc', kind: 'uuid' },
];

function ledgerList(ctx: AppContext, query: ExportQuery) {
  return {
    keys: LEDGER_KEYS,
    filter: ambassadorSearch(query.search),
    select: paged(() =>
      ctx.db
        .select({ row: transactions, fullName: ambassadors.fullName, email: ambassadors.email, ...cursorColumns(LEDGER_KEYS) })
        .from(transactions)
        .innerJoin(ambassadors, eq(ambassadors.id, transactions.ambassadorId)),
    ),
  };
}

export function exportCsv(ctx: AppContext, name: ExportName, query: ExportQuery): Readable {
  switch (name) {
    case 'ambassadors':
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
        pagesOf(ambassadorList(ctx, query), PAGE),
        ({ row: a, flags }) => [
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
          flagText(flags),
        ],
        PAGE,
      );
    case 'applications':
      // The tab's list (pending unless its status filter says otherwise), most followers first; the export is the same list.
      return csvStream(
        ['id', 'full_name', 'email', 'country', 'personal_telegram', 'platforms', 'total_followers', 'status', 'applied_at', 'flags'],
        pagesOf(applicationList(ctx, { ...query, status: asApplicationFilter(query.status) }), PAGE),
        ({ row: a, flags }) => [
          a.id,
          a.fullName,
          a.email,
          a.country,
          a.personalTelegramHandle,
          a.socialMediaPlatforms.join(' '),
          a.totalFollowers,
          a.status,
          iso(a.createdAt),
          flagText(flags),
        ],
        PAGE,
      );
    case 'reports':
      return csvStream(
        ['id', 'ambassador', 'email', 'week_start', 'week_end', 'status', 'gcm_awarded', 'usdt_awarded', 'admin_notes', 'submitted_at', 'reviewed_at', 'flags'],
        pagesOf(reportList(ctx, { ...query, status: query.status as ReportStatus | undefined }), PAGE),
        ({ report: r, ambassador, flags }) => [
          r.id,
          ambassador.fullName,
          ambassador.email,
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
    case 'transactions':
      return csvStream(
        ['id', 'ambassador', 'email', 'type', 'currency', 'amount', 'description', 'report_id', 'withdrawal_id', 'created_at'],
        pagesOf(ledgerList(ctx, query), PAGE),
        ({ row: t, fullName, email }) => [t.id, fullName, email, t.type, t.currency, t.amount, t.description, t.reportId, t.withdrawalId, iso(t.createdAt)],
        PAGE,
      );
    case 'withdrawals':
      return csvStream(
        [
          'id',
          'ambassador',
          'email',
          'amount_usdt',
          'wallet_address',
          'status',
          'tx_hash',
          'paid_at',
          'requested_at',
          'reviewed_at',
          'admin_notes',
          'flags',
          'wallet_proof',
        ],
        pagesOf(withdrawalList(ctx, { ...query, status: query.status as AdminWithdrawalFilter | undefined }), PAGE),
        ({ withdrawal: w, ambassador, flags }) => [
          w.id,
          ambassador.fullName,
          ambassador.email,
          w.amount,
          w.walletAddress,
          withdrawalStage(w),
          w.txHash,
          iso(w.paidAt),
          iso(w.createdAt),
          iso(w.reviewedAt),
          w.adminNotes,
          flagText(flags),
          w.walletProof,
        ],
        PAGE,
      );
  }
}
