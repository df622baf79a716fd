/**
 * The one badge threshold table (DECISIONS §3): by GCM earned in the current
 * UTC month. Landing, dashboard, profile, wallet and server all read it here.
 */
import type { BadgeLevel } from './enums.ts';
import { toCents, type Cents } from './money.ts';

/** The levels themselves are in enums.ts; re-exported for the modules that read them here. */
export { BADGE_LEVELS, type BadgeLevel } from './enums.ts';

export interface BadgeTier {
  level: BadgeLevel;
  label: string;
  /** Monthly GCM from which the level is reached, inclusive. */
  minMonthlyGcm: number;
  /** Upper bound, exclusive; null for the top level. */
  maxMonthlyGcm: number | null;
}

export const BADGE_TIERS: readonly BadgeTier[] = [
  { level: 'normal', label: 'Normal', minMonthlyGcm: 0, maxMonthlyGcm: 500 },
  { level: 'bronze', label: 'Bronze', minMonthlyGcm: 500, maxMonthlyGcm: 2_000 },
  { level: 'silver', label: 'Silver', minMonthlyGcm: 2_000, maxMonthlyGcm: 5_000 },
  { level: 'gold', label: 'Gold', minMonthlyGcm: 5_000, maxMonthlyGcm: null },
];

export function badgeTier(level: BadgeLevel): BadgeTier {
  const tier = BADGE_TIERS.find((t) => t.level === level);
  if (!tier) throw new Error(`Unknown badge level ${level}`);
  return tier;
}

/** The level an amount of monthly GCM earns, amount as a decimal string. */
export function badgeForMonthlyGcm(monthlyGcm: string): BadgeLevel {
  const cents: Cents = toCents(monthlyGcm);
  let level: BadgeLevel = 'normal';
  for (const tier of BADGE_TIERS) {
    if (cents >= BigInt(tier.minMonthlyGcm) * 100n) level = tier.level;
  }
  return level;
}

/** "500-2K", "5K+": the compact range shown on badge cards. */
export function badgeRangeLabel(tier: BadgeTier): string {
  const k = (n: number) => (n >= 1000 ? `${n / 1000}K` : String(n));
  return tier.maxMonthlyGcm === null ? `${k(tier.minMonthlyGcm)}+` : `${k(tier.minMonthlyGcm)}-${k(tier.maxMonthlyGcm)}`;
}
