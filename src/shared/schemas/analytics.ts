/** The admin desk's figures over time (DECISIONS §5, The admin desk). Newest first. */
import { z } from 'zod';
import { API_OUTPUTS } from './api-names.ts';
import { ZMoney } from './common.ts';

/** `.meta()` is for the API document only: nothing here checks what the server writes. */
const money = ZMoney;

export const ZAnalytics = z.object({
  weeks: z.array(
    z.object({
      /** The Monday the week starts on (UTC), YYYY-MM-DD. */
      week: z.string().meta({ format: 'date' }),
      applications: z.number().int(),
      approvedApplications: z.number().int(),
      reports: z.number().int(),
      reviewedReports: z.number().int(),
      gcmAwarded: money,
      usdtAwarded: money,
      /** Median hours from submission to review of the reports reviewed that week; null when none were. */
      medianReviewHours: z.number().nullable(),
    }),
  ),
  months: z.array(z.object({ month: z.string(), activeAmbassadors: z.number().int(), gcmAwarded: money, usdtAwarded: money, withdrawnUsdt: money })),
  queues: z.object({
    oldestPendingApplicationHours: z.number().nullable(),
    oldestPendingReportHours: z.number().nullable(),
    oldestPendingWithdrawalHours: z.number().nullable(),
  }),
});
export type TAnalytics = z.infer<typeof ZAnalytics>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZAnalytics, { id: 'Analytics' });
