/**
 * The referral rule (DECISIONS §7, Referrals) as the settings keep it and a month's terms fix it:
 * money as strings and the cap an integer, so the terms stay canonical JSON. Apart from the rest of
 * the referral schemas, so the log's readers (the /transparency page) carry only this.
 */
import { z } from 'zod';
import { REFERRAL_QUALIFY } from '../enums.ts';
import { ZMoney } from './common.ts';

export const ZReferralRule = z.object({
  qualify: z.enum(REFERRAL_QUALIFY).describe('`approved`: the referee’s application is approved; `first_report`: their first report is approved.'),
  gcm: ZMoney.describe('GCM credited to the referrer per referral.'),
  usdt: ZMoney.describe('USDT credited to the referrer per referral.'),
  monthlyCap: z.number().int().describe('Referrals credited to one referrer at most in the month (0: none).'),
});
export type TReferralRule = z.infer<typeof ZReferralRule>;
