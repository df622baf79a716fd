import type { TAmbassadorView } from '../../../shared/schemas/ambassadors.ts';
import type { ambassadors } from '../../db/schema.ts';
import { effectiveMonthly } from '../ledger/service.ts';

type AmbassadorRow = typeof ambassadors.$inferSelect;

export function presentAmbassador(row: AmbassadorRow, now: Date): TAmbassadorView {
  const monthly = effectiveMonthly(row, now);
  return {
    id: row.id,
    userId: row.userId,
    fullName: row.fullName,
    email: row.email,
    country: row.country,
    personalTelegramHandle: row.personalTelegramHandle,
    totalGcmEarned: row.totalGcmEarned,
    monthlyGcm: monthly.monthlyGcm,
    totalUsdtEarned: row.totalUsdtEarned,
    monthlyUsdt: monthly.monthlyUsdt,
    badgeLevel: monthly.badgeLevel,
    badgePinned: row.badgePinned,
    status: row.status,
    gcmWalletAddress: row.gcmWalletAddress,
    usdtWalletAddress: row.usdtWalletAddress,
    twitterHandle: row.twitterHandle,
    instagramHandle: row.instagramHandle,
    telegramHandle: row.telegramHandle,
    facebookHandle: row.facebookHandle,
    youtubeHandle: row.youtubeHandle,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
