/** The answers of docs/api.md as the client reads them. Money is a decimal string. */
import type { BadgeLevel } from '../../shared/badges.ts';
import type { Platform } from '../../shared/platforms.ts';

export type Money = string;
export type Status = 'pending' | 'approved' | 'rejected';

export interface SocialHandles {
  twitterHandle: string | null;
  instagramHandle: string | null;
  telegramHandle: string | null;
  facebookHandle: string | null;
  youtubeHandle: string | null;
}

export interface Ambassador extends SocialHandles {
  id: string;
  userId: string;
  fullName: string;
  email: string;
  country: string;
  personalTelegramHandle: string | null;
  totalGcmEarned: Money;
  monthlyGcm: Money;
  totalUsdtEarned: Money;
  monthlyUsdt: Money;
  badgeLevel: BadgeLevel;
  badgePinned: boolean;
  status: 'active' | 'suspended';
  gcmWalletAddress: string | null;
  usdtWalletAddress: string | null;
  createdAt: string;
  updatedAt: string;
  withdrawableUsdt: Money;
  pendingWithdrawalUsdt: Money;
  withdrawnUsdt: Money;
  usdtBalance: Money;
  reportCount: number;
}

export interface ReportAmbassador extends SocialHandles {
  id: string;
  fullName: string;
  email: string;
  country: string;
  badgeLevel: BadgeLevel;
  personalTelegramHandle: string | null;
}

export interface Report {
  id: string;
  ambassadorId: string;
  weekStartDate: string;
  weekEndDate: string;
  activityReport: string;
  gcmAwarded: Money;
  usdtAwarded: Money;
  adminNotes: string | null;
  status: Status;
  createdAt: string;
  reviewedAt: string | null;
  ambassador?: ReportAmbassador;
}

export interface Transaction {
  id: string;
  type: 'reward' | 'withdrawal' | string;
  currency: 'GCM' | 'USDT';
  amount: Money;
  description: string | null;
  createdAt: string;
  reportId: string | null;
  withdrawalId: string | null;
}

export interface Withdrawal {
  id: string;
  ambassadorId: string;
  amount: Money;
  walletAddress: string;
  status: Status;
  adminNotes: string | null;
  createdAt: string;
  reviewedAt: string | null;
  ambassador?: { id: string; fullName: string; email: string };
}

export interface Application extends SocialHandles {
  id: string;
  fullName: string;
  email: string;
  country: string;
  personalTelegramHandle: string;
  socialMediaPlatforms: Platform[];
  totalFollowers: number;
  whyJoin: string;
  experience: string;
  status: Status;
  adminNotes: string | null;
  rejectedAt: string | null;
  createdAt: string;
}

export interface LeaderboardEntry {
  id: string;
  fullName: string;
  badgeLevel: BadgeLevel;
  monthlyGcm: Money;
}

export interface PublicStats {
  totalAmbassadors?: number;
  totalGcmAwarded?: Money;
  totalUsdtAwarded?: Money;
}

export interface AdminAccount {
  id: string;
  fullName: string | null;
  email: string;
  username: string | null;
  isSuperAdmin: boolean;
  createdAt: string;
}

export interface AdminAction {
  id: string;
  adminId: string;
  adminEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: string | null;
  createdAt: string;
}

export interface AdminSummary {
  totalAmbassadors: number;
  pendingApplications: number;
  pendingReports: number;
  pendingWithdrawals: number;
}

export interface Settings {
  reportSubmissionEnabled: boolean;
}
