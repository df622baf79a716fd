import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { DECISIONS, DECISION_STATUSES, type DecisionStatus } from '../enums.ts';
import { MAX_LONG_TEXT_LENGTH, MIN_REPORT_LENGTH, OWN_REPORTS_MAX } from '../limits.ts';
import {
  requiredText,
  pageLimit,
  ZAdminNotes,
  ZListQuery,
  moneySchema,
  ZMoney,
  ZIsoDate,
  ZCalendarDate,
  ZNullableText,
  ZFlags,
  SOCIAL_HANDLES,
} from './common.ts';
import { BADGE_LEVELS } from '../badges.ts';
import { awardMessages, DECISION_REASON_FIELDS, ZAppealFields, ZReasonFields, ZServiceLevelField } from './decisions.ts';
import { REPORT_MESSAGES } from './messages.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar date ("2026-11-21" or an ISO date-time, whose UTC date is taken) as YYYY-MM-DD. */
export function dateSchema(message: string) {
  return z
    .string({ error: message })
    .transform((value, ctx) => {
      const text = value.trim();
      const match = ISO_DATE.exec(text);
      const parsed = match ? new Date(text.length === 10 ? `${text}T00:00:00Z` : text) : null;
      if (!parsed || Number.isNaN(parsed.getTime()) || parsed.getUTCFullYear() < 2000 || parsed.getUTCFullYear() > 9999) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const iso = parsed.toISOString().slice(0, 10);
      // "2026-02-31" parses as March 3rd: refuse dates that do not exist.
      if (text.length === 10 && iso !== text) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return iso;
    })
    .meta({ format: 'date', description: 'A calendar date, YYYY-MM-DD (UTC). An ISO 8601 date-time is also accepted: its UTC date is taken.' });
}

/**
 * The submitter supplies only the week and the text; ambassadorId, awards and
 * status in the body are ignored (the server takes the ambassador from the session).
 */
export const ZReportInput = z
  .object({
    weekStartDate: dateSchema(REPORT_MESSAGES.weekStartDate),
    weekEndDate: dateSchema(REPORT_MESSAGES.weekEndDate),
    activityReport: requiredText(REPORT_MESSAGES.activityReport, {
      min: MIN_REPORT_LENGTH,
      max: MAX_LONG_TEXT_LENGTH,
      tooLong: `Please keep your report under ${MAX_LONG_TEXT_LENGTH} characters`,
    }),
  })
  .refine((r) => r.weekEndDate >= r.weekStartDate, { path: ['weekEndDate'], message: REPORT_MESSAGES.endBeforeStart });
export type TReportInput = z.input<typeof ZReportInput>;

export const REPORT_STATUSES = DECISION_STATUSES;
export type ReportStatus = DecisionStatus;

export const ZReviewInput = z.object({
  status: z.enum(DECISIONS, { error: REPORT_MESSAGES.status }),
  gcmAwarded: moneySchema(awardMessages('GCM')).default('0.00'),
  usdtAwarded: moneySchema(awardMessages('USDT')).default('0.00'),
  adminNotes: ZAdminNotes,
  /** A reject's reason and facts (DECISIONS §6); an approval's facts are its feedback. */
  ...DECISION_REASON_FIELDS,
});
export type TReviewInput = z.input<typeof ZReviewInput>;

/**
 * The ambassador's own reports, newest first. Without `limit` the answer is every report (up to
 * OWN_REPORTS_MAX), as before paging; with it, one page (`offset` or the `cursor` of X-Next-Cursor).
 */
export const ZOwnReportsQuery = ZListQuery.pick({ offset: true, cursor: true }).extend({
  limit: pageLimit(OWN_REPORTS_MAX).optional(),
});
export type TOwnReportsQuery = z.infer<typeof ZOwnReportsQuery>;

export const ZReportView = z.object({
  id: z.string(),
  ambassadorId: z.string(),
  weekStartDate: ZCalendarDate,
  weekEndDate: ZCalendarDate,
  activityReport: z.string(),
  gcmAwarded: ZMoney,
  usdtAwarded: ZMoney,
  adminNotes: ZNullableText,
  status: z.enum(DECISION_STATUSES),
  createdAt: ZIsoDate,
  reviewedAt: ZIsoDate.nullable(),
  ...ZReasonFields,
  ...ZAppealFields,
});
export type TReportView = z.infer<typeof ZReportView>;

export const ZAdminReportView = ZReportView.extend({
  ambassador: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    country: z.string(),
    badgeLevel: z.enum(BADGE_LEVELS),
    personalTelegramHandle: ZNullableText,
    ...SOCIAL_HANDLES,
  }),
  /** A live review claim: 'Being reviewed by {by}' until then. */
  claim: z.object({ by: z.string(), until: ZIsoDate }).nullable(),
  flags: ZFlags,
  ...ZServiceLevelField,
});
export type TAdminReportView = z.infer<typeof ZAdminReportView>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZReportView, { id: 'ReportView' }).add(ZAdminReportView, { id: 'AdminReportView' });
API_INPUTS.add(ZReportInput, { id: 'ReportInput' }).add(ZReviewInput, { id: 'ReviewInput' });
