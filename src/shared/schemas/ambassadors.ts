import { z } from 'zod';
import { AMBASSADOR_STATUSES, BADGE_LEVELS, type AmbassadorStatus } from '../enums.ts';
import { ZProfileLinks } from './profile-links.ts';
import { ZOptionalWallet } from './wallet.ts';

/**
 * What an ambassador may change on their own record. Anything else in the
 * body (gcmWalletAddress, badgeLevel, totals, status) is dropped. Profile
 * fields follow the application form's rule (profile-links.ts), here and below.
 */
export const ZAmbassadorSelfUpdate = z
  .object({
    ...ZProfileLinks,
    usdtWalletAddress: ZOptionalWallet,
    /** Emails about decisions on or off (security emails are always sent). */
    emailNotifications: z.boolean({ error: 'Email notifications must be on or off' }),
  })
  .partial();
export type TAmbassadorSelfUpdate = z.input<typeof ZAmbassadorSelfUpdate>;

export { AMBASSADOR_STATUSES, type AmbassadorStatus };

/** 'auto' (or null) returns the badge to the automatic monthly level. */
export const BADGE_CHOICES = [...BADGE_LEVELS, 'auto'] as const;

export const ZAmbassadorAdminUpdate = z
  .object({
    ...ZProfileLinks,
    gcmWalletAddress: ZOptionalWallet,
    usdtWalletAddress: ZOptionalWallet,
    badgeLevel: z.enum(BADGE_CHOICES, { error: 'Badge level must be normal, bronze, silver, gold or auto' }).nullable(),
    status: z.enum(AMBASSADOR_STATUSES, { error: 'Status must be active or suspended' }),
  })
  .partial();
export type TAmbassadorAdminUpdate = z.input<typeof ZAmbassadorAdminUpdate>;
