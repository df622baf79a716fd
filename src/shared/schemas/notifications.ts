/** Hearing back (DECISIONS §5): each decision about a person makes one notification, and an email. */
import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';

export const NOTIFICATION_KINDS = [
  'report_approved',
  'report_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_paid',
  'prize_won',
  'draw_entered',
  'wallet_changed',
  'password_changed',
  'ambassador_suspended',
  'appeal_upheld',
  'appeal_overturned',
  'referral_credited',
  'referral_held',
  'referral_refused',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const ZNotification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(20),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0, 'offset must not be negative').max(100_000).default(0),
});

export const ZMarkReadInput = z.union(
  [
    z
      .object({
        ids: z
          .array(z.string().regex(/^[0-9a-fA-F-]{36}$/, 'ids are notification ids'))
          .min(1)
          .max(200),
      })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: 'Send {"ids": [...]} or {"all": true}' },
);

export const FORGOT_PASSWORD_MESSAGE = /*i18n*/ 'If an account exists for this email, we have sent it a link to set a new password. The link is valid for 1 hour.';
export const ZForgotPasswordInput = z.object({
  email: z
    .string({ error: /*i18n*/ 'Invalid email address' })
    .trim()
    .max(254, /*i18n*/ 'Invalid email address')
    .pipe(z.email({ error: /*i18n*/ 'Invalid email address' })),
});

export const ZSetupLinkStatus = z.object({
  status: z.enum(['valid', 'expired', 'invalid']),
  /** When the link stops working (null for an unknown or used one), and how long that is from now, by the server's clock. */
  expiresAt: z.string().meta({ format: 'date-time' }).nullable(),
  secondsLeft: z.number().int().min(0).nullable(),
  /**
   * What the link does: `setup` creates the account's first password (an approved application, an
   * added admin), `reset` replaces the one it has (a forgotten password); null for an unknown or used link.
   */
  // A string (not an enum) in the document: OpenAPI 3.0 has no nullable enum.
  purpose: z
    .string()
    .nullable()
    .describe(
      'setup: the link creates the account’s first password; reset: it replaces the password the account has (a forgotten password); null for an unknown or used link.',
    ),
});
export type TSetupLinkStatus = z.infer<typeof ZSetupLinkStatus>;

/**
 * The unsubscribe page an email's text links to (DECISIONS §5, Hearing back), `?u=&s=` as in the
 * List-Unsubscribe header's one-click address, which stays POST /api/unsubscribe.
 */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
/** A link whose signature does not hold: the server's 403, and the page's title for it. */
export const UNSUBSCRIBE_LINK_INVALID = /*i18n*/ 'This unsubscribe link is not valid';
export const UNSUBSCRIBE_MESSAGE = /*i18n*/ 'You will no longer get emails about decisions. Security emails are still sent.';
export const ZUnsubscribeQuery = z.object({
  u: z.string().max(100).meta({ description: 'The account, from the link.' }),
  s: z.string().max(100).meta({ description: 'The link’s signature.' }),
});
export const ZUnsubscribeStatus = z.object({ emailNotifications: z.boolean() });
/**
 * RFC 8058's one-click body, `List-Unsubscribe=One-Click`, as a form (urlencoded or multipart); the
 * signed link is the authority, so the body may also be left out (the unsubscribe page's button).
 */
export const ZUnsubscribeBody = z
  .looseObject({
    'List-Unsubscribe': z.string().max(100).optional().meta({ description: 'RFC 8058: `One-Click`.', example: 'One-Click' }),
  })
  .optional();

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZSetupLinkStatus, { id: 'SetupLinkStatus' }).add(ZNotification, { id: 'Notification' });
API_INPUTS.add(ZForgotPasswordInput, { id: 'ForgotPasswordInput' })
  .add(ZMarkReadInput, { id: 'MarkReadInput' })
  .add(ZUnsubscribeBody.unwrap(), { id: 'UnsubscribeOneClick' });
