/**
 * The answers of the API as the client reads them: the server's own response
 * schemas (src/shared/schemas/views.ts), so the two cannot drift. Money is a decimal string.
 */
import type { Platform } from '../../shared/platforms.ts';
import type {
  TAdminAccount,
  TAdminActionView,
  TAdminReportView,
  TAdminSummary,
  TAdminWithdrawalView,
  TApplicationView,
  TLeaderboardEntry,
  TOwnAmbassador,
  TReportView,
  TTransactionView,
  TWithdrawalView,
} from '../../shared/schemas/views.ts';

export type Money = string;
export type Status = 'pending' | 'approved' | 'rejected';

export interface SocialHandles {
  twitterHandle: string | null;
  instagramHandle: string | null;
  telegramHandle: string | null;
  facebookHandle: string | null;
  youtubeHandle: string | null;
}

export type Ambassador = TOwnAmbassador;

export type ReportAmbassador = TAdminReportView['ambassador'];

/** An own report; admin lists add the ambassador. */
export type Report = TReportView & { ambassador?: ReportAmbassador };

export type Transaction = TTransactionView;

export type Withdrawal = TWithdrawalView & { ambassador?: TAdminWithdrawalView['ambassador'] };

export type Application = Omit<TApplicationView, 'socialMediaPlatforms'> & { socialMediaPlatforms: Platform[] };

export type LeaderboardEntry = TLeaderboardEntry;

export interface PublicStats {
  totalAmbassadors?: number;
  totalGcmAwarded?: Money;
  totalUsdtAwarded?: Money;
}

export type AdminAccount = TAdminAccount;

export type AdminAction = TAdminActionView;

export type AdminSummary = TAdminSummary;

export interface Settings {
  reportSubmissionEnabled: boolean;
}
