/**
 * The integration surface (DECISIONS §7, Webhooks and API keys): scoped API keys in, Standard
 * Webhooks out. The names here are the contract: scopes, event types, fields, codes.
 */
import { z } from 'zod';
import { API_INPUTS, API_OUTPUTS } from './api-names.ts';
import { cleanLine, requiredLine, ZIsoDate, ZNullableText } from './common.ts';
import { INTEGRATION_MESSAGES } from './messages.ts';

/** What an API key may read: each names admin GET routes (their `config.scope`). */
export const API_SCOPES = ['read:applications', 'read:reports', 'read:withdrawals', 'read:ambassadors', 'read:tasks'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** `amb_` + 32 random bytes, base64url (43 characters). */
export const API_KEY_PATTERN = /^amb_[A-Za-z0-9_-]{43}$/;
/** How much of a key is kept in the clear to tell keys apart: `amb_` and the first 8 characters. */
export const API_KEY_PREFIX_LENGTH = 12;

/** The coded refusals of this surface (the error body's `code`). */
export const INTEGRATION_CODES = {
  /** A valid API key on a route its scopes do not name (or a write, or a super admin's route). */
  scopeMissing: 'SCOPE_MISSING',
  /** An API key that is unknown or revoked. */
  apiKeyInvalid: 'API_KEY_INVALID',
} as const;

const name = requiredLine(INTEGRATION_MESSAGES.nameRequired, { max: 100, tooLong: INTEGRATION_MESSAGES.nameTooLong });

export const ZApiKeyInput = z.object({
  name,
  scopes: z
    .array(z.enum(API_SCOPES, { error: INTEGRATION_MESSAGES.scopeUnknown }), { error: INTEGRATION_MESSAGES.scopesRequired })
    .min(1, INTEGRATION_MESSAGES.scopesRequired)
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type TApiKeyInput = z.input<typeof ZApiKeyInput>;

export const ZApiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The key’s first characters (`amb_` and 8 more), to tell keys apart.'),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: ZIsoDate,
  lastUsedAt: ZIsoDate.nullable().describe('When the key was last accepted (to the minute); null: never used.'),
});
export type TApiKeyView = z.infer<typeof ZApiKeyView>;

export const ZApiKeyCreated = ZApiKeyView.extend({
  key: z.string().describe('The key itself (`amb_…`): shown this once, only its SHA-256 is kept.'),
});
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** The event types an endpoint may ask for. */
export const WEBHOOK_EVENT_TYPES = [
  'application.created',
  'application.decided',
  'report.submitted',
  'report.decided',
  'withdrawal.requested',
  'withdrawal.decided',
  'withdrawal.paid',
  'appeal.decided',
  'task.claimed',
  'referral.credited',
  'season.frozen',
  'season.closed',
  'log.appended',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the event 'Send test event' sends (to that endpoint only, whatever it asked for). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Secrets: `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]+=*$/;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** Why an endpoint was turned off by itself: it answered 410 Gone, or failed for days. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

const url = z
  .string({ error: INTEGRATION_MESSAGES.urlInvalid })
  .trim()
  .max(2000, INTEGRATION_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password && parsed.hostname !== '';
    } catch {
      return false;
    }
  }, INTEGRATION_MESSAGES.urlInvalid);

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: INTEGRATION_MESSAGES.eventUnknown }), { error: INTEGRATION_MESSAGES.eventsRequired })
  .min(1, INTEGRATION_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

export const ZWebhookInput = z.object({
  url,
  events,
  description: z
    .string()
    .trim()
    .max(500, INTEGRATION_MESSAGES.descriptionTooLong)
    .refine(...cleanLine)
    .optional(),
});
export type TWebhookInput = z.input<typeof ZWebhookInput>;

export const ZWebhookPatch = z
  .object({ events: events.optional(), enabled: z.boolean({ error: 'enabled must be true or false' }).optional() })
  .refine((patch) => patch.events !== undefined || patch.enabled !== undefined, { message: 'Nothing to change: send events or enabled', path: ['events'] });
export type TWebhookPatch = z.input<typeof ZWebhookPatch>;

export const ZWebhookView = z.object({
  id: z.string(),
  url: z.string(),
  description: ZNullableText,
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z
    .enum(WEBHOOK_DISABLED_REASONS)
    .nullable()
    // OpenAPI 3.0: a nullable enum lists null among its values.
    .meta({ description: 'Why it is off: paused by an admin, answered 410 Gone, or failed for days.', enum: [...WEBHOOK_DISABLED_REASONS, null] }),
  failingSince: ZIsoDate.nullable().describe('Since when its deliveries fail without one succeeding; null: not failing.'),
  rotatingUntil: ZIsoDate.nullable().describe('Until when the previous secret still signs beside the new one (after a rotation).'),
  createdAt: ZIsoDate,
});
export type TWebhookView = z.infer<typeof ZWebhookView>;

export const ZWebhookCreated = ZWebhookView.extend({
  secret: z.string().describe('The signing secret (`whsec_` + base64): shown this once.'),
});
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

export const ZWebhookSecret = z.object({
  secret: z.string().describe('The new signing secret: shown this once. The previous one also signs until `rotatingUntil`.'),
  rotatingUntil: ZIsoDate,
});

export const ZWebhookAttemptView = z.object({
  at: ZIsoDate,
  status: z.number().int().nullable().describe('The answer’s HTTP status; null: no answer (refused, timed out, unreachable).'),
  response: ZNullableText.describe('The first bytes of the answer, or why there was none.'),
  durationMs: z.number().int(),
  nextRetryAt: ZIsoDate.nullable().describe('When it is tried again; null: delivered, or no more retries.'),
});
export type TWebhookAttemptView = z.infer<typeof ZWebhookAttemptView>;

export const ZWebhookDeliveryView = z.object({
  id: z.string(),
  eventId: z.string().describe('The `webhook-id` of every attempt.'),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: ZIsoDate,
  nextAttemptAt: ZIsoDate.nullable(),
  attempts: z.array(ZWebhookAttemptView).describe('Newest first.'),
});
export type TWebhookDeliveryView = z.infer<typeof ZWebhookDeliveryView>;

API_OUTPUTS.add(ZApiKeyView, { id: 'ApiKeyView' })
  .add(ZApiKeyCreated, { id: 'ApiKeyCreated' })
  .add(ZWebhookView, { id: 'WebhookView' })
  .add(ZWebhookCreated, { id: 'WebhookCreated' })
  .add(ZWebhookDeliveryView, { id: 'WebhookDeliveryView' });
API_INPUTS.add(ZApiKeyInput, { id: 'ApiKeyInput' }).add(ZWebhookInput, { id: 'WebhookInput' }).add(ZWebhookPatch, { id: 'WebhookPatch' });
