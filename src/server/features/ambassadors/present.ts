import type { TAmbassadorView } from '../../../shared/schemas/ambassadors.ts';
import type { ambassadors } from '../../db/schema.ts';
import { effectiveMonthly } from '../ledger/index.ts';
import { reasonFields } from '../decisions/index.ts';
import { walletProofOf } from '../wallet-proof/index.ts';

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
    walletProof: walletProofOf(row),
    walletVerifiedAt: walletProofOf(row) === 'verified' ? (row.walletVerifiedAt?.toISOString() ?? null) : null,
    twitterHandle: row.twitterHandle,
    instagramHandle: row.instagramHandle,
    telegramHandle: row.telegramHandle,
    facebookHandle: row.facebookHandle,
    youtubeHandle: row.youtubeHandle,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // While suspended: why (DECISIONS §6). An active ambassador's earlier suspension is not shown.
    ...reasonFields(row.status === 'suspended', row.suspensionReasonCode, row.status === 'suspended' ? row.suspensionFacts : null, row.suspensionFlags),
    suspendedAt: row.status === 'suspended' ? (row.suspendedAt?.toISOString() ?? null) : null,
  };
}
