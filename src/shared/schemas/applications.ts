import { z } from 'zod';
import { ZReferralCodeInput } from './referrals.ts';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { DECISION_STATUSES, type DecisionStatus } from '../enums.ts';
import { MAX_FOLLOWERS, MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MIN_MOTIVATION_LENGTH } from '../limits.ts';
import { PLATFORMS, PLATFORM_INFO } from '../platforms.ts';
import { requiredLine, requiredText, tooLongMessage, ZAdminNotes, ZEmail, ZIsoDate, ZNullableText, ZFlags, SOCIAL_HANDLES } from './common.ts';
import { ZProfileLinks } from './profile-links.ts';
import { DECISION_REASON_FIELDS, ZReasonFields, ZServiceLevelField } from './decisions.ts';
import { APPLICATION_MESSAGES } from './messages.ts';

/** A name-like line of the form (name, country, Telegram username): 2 to MAX_NAME_LENGTH characters. */
const nameLine = (required: string, label: string) => requiredLine(required, { min: 2, max: MAX_NAME_LENGTH, tooLong: tooLongMessage(label, MAX_NAME_LENGTH) });
/** Why they want to join, and their experience: at least MIN_MOTIVATION_LENGTH characters. */
const motivationText = () =>
  requiredText(APPLICATION_MESSAGES.motivation, {
    min: MIN_MOTIVATION_LENGTH,
    max: MAX_LONG_TEXT_LENGTH,
    tooLong: `Please keep it under ${MAX_LONG_TEXT_LENGTH} characters`,
  });

const ZApplicationFields = z.object({
  fullName: nameLine(APPLICATION_MESSAGES.fullName, 'Full name'),
  email: ZEmail,
  country: nameLine(APPLICATION_MESSAGES.country, 'Country'),
  personalTelegramHandle: nameLine(APPLICATION_MESSAGES.personalTelegramHandle, 'Telegram username'),
  socialMediaPlatforms: z
    .array(z.enum(PLATFORMS, { error: APPLICATION_MESSAGES.socialMediaPlatforms }), { error: APPLICATION_MESSAGES.socialMediaPlatforms })
    .min(1, APPLICATION_MESSAGES.socialMediaPlatforms)
    .max(PLATFORMS.length, APPLICATION_MESSAGES.socialMediaPlatforms)
    .transform((list) => [...new Set(list)]),
  ...ZProfileLinks,
  totalFollowers: z.preprocess(
    // Digits (a minus sign too: below zero is the spec's message) are a number.
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: APPLICATION_MESSAGES.totalFollowers })
      .int(APPLICATION_MESSAGES.totalFollowers)
      .min(0, APPLICATION_MESSAGES.totalFollowers)
      .max(MAX_FOLLOWERS, `Total followers must be at most ${MAX_FOLLOWERS}`),
  ),
  whyJoin: motivationText(),
  experience: motivationText(),
  /** Who referred the applicant (DECISIONS §7, Referrals); left out, the `ref` cookie's code is used. */
  referralCode: ZReferralCodeInput,
});

/**
 * Spec §5: each ticked platform needs its profile URL. Written for partly valid input as well:
 * the form runs it while other fields are still wrong (ZApplicationForm).
 */
function requireTickedPlatformUrls(input: z.output<typeof ZApplicationFields>, ctx: z.RefinementCtx<z.output<typeof ZApplicationFields>>) {
  const ticked: readonly unknown[] = Array.isArray(input.socialMediaPlatforms) ? input.socialMediaPlatforms : [];
  for (const value of ticked) {
    const platform = PLATFORMS.find((p) => p === value);
    if (!platform) continue;
    const { field } = PLATFORM_INFO[platform];
    if (!input[field]) ctx.addIssue({ code: 'custom', path: [field], message: APPLICATION_MESSAGES.platformUrlsRequired });
  }
}

/** What POST /api/applications takes. The platform check runs once every field is valid (zod skips an object's refinements after a field's issue). */
export const ZApplicationInput = ZApplicationFields.superRefine(requireTickedPlatformUrls);

/** The application form: the same rules, but the platform check runs even while other fields are wrong, so all the messages show at once. */
export const ZApplicationForm = ZApplicationFields.superRefine(requireTickedPlatformUrls, { when: () => true });

export type TApplicationInput = z.input<typeof ZApplicationInput>;
export type TApplication = z.output<typeof ZApplicationInput>;

/** The application form before anything is typed or ticked: the form's starting values. */
export const BLANK_APPLICATION: TApplicationInput = {
  fullName: '',
  email: '',
  country: '',
  personalTelegramHandle: '',
  socialMediaPlatforms: [],
  twitterHandle: '',
  instagramHandle: '',
  telegramHandle: '',
  facebookHandle: '',
  youtubeHandle: '',
  totalFollowers: '',
  whyJoin: '',
  experience: '',
};

export const APPLICATION_STATUSES = DECISION_STATUSES;
/** The Applications tab's filter (and its export's): one status, or `all`; pending when left out. */
export const APPLICATION_FILTERS = [...DECISION_STATUSES, 'all'] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];
export const ZApplicationsQuery = z.object({
  status: z
    .enum(APPLICATION_FILTERS, { error: `status must be one of ${APPLICATION_FILTERS.join(', ')}` })
    .optional()
    .meta({ description: 'Which applications: `pending` (the default), `approved`, `rejected` or `all`.' }),
});
export type ApplicationStatus = DecisionStatus;

export const ZApplicationView = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  country: z.string(),
  personalTelegramHandle: z.string(),
  socialMediaPlatforms: z.array(z.string()),
  ...SOCIAL_HANDLES,
  totalFollowers: z.number().int(),
  whyJoin: z.string(),
  experience: z.string(),
  status: z.enum(DECISION_STATUSES),
  adminNotes: ZNullableText,
  rejectedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
  /** When it was approved or rejected (DECISIONS §6: hours to decide); null while pending. */
  decidedAt: ZIsoDate.nullable(),
  ...ZReasonFields,
});
export type TApplicationView = z.infer<typeof ZApplicationView>;

/** An application in the admin list: with its abuse ZFlags (never in the applicant's own answer). */
export const ZAdminApplicationView = ZApplicationView.extend({ flags: ZFlags, ...ZServiceLevelField });

/** A reject's body (spec §7: it may be left out): the notes, and the reason and facts of DECISIONS §6. */
export const ZApplicationRejectBody = z.object({ adminNotes: ZAdminNotes, ...DECISION_REASON_FIELDS }).nullish();
export type TAdminApplicationView = z.infer<typeof ZAdminApplicationView>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZApplicationView, { id: 'ApplicationView' }).add(ZAdminApplicationView, { id: 'AdminApplicationView' });
API_INPUTS.add(ZApplicationInput, { id: 'ApplicationInput' });
