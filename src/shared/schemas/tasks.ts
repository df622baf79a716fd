/**
 * Tasks checked by machine (DECISIONS §7, Tasks; docs/decisions/029-linked-accounts-and-task-verifiers.md):
 * an admin asks for something of one of five kinds, with a reward and a period; an ambassador claims
 * it and the server checks it at once with the service that knows (Telegram, Discord, X through
 * oEmbed, BNB Smart Chain), or sends it to the review desk (manual).
 */
import { z } from 'zod';
import { API_INPUTS, API_OUTPUTS } from './api-names.ts';
import { moneySchema, optionalText, ZIsoDate, ZMoney, cleanLine, cleanText, requiredLine } from './common.ts';
import { X_POST_URL } from './links.ts';
import { ZAppealView } from './decisions.ts';
import { TASK_MESSAGES } from './messages.ts';

export const TASK_KINDS = ['telegram_member', 'discord_member', 'x_post', 'bsc_transfer', 'manual'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_PERIODS = ['once', 'weekly', 'monthly'] as const;
export type TaskPeriod = (typeof TASK_PERIODS)[number];
export const CLAIM_STATUSES = ['credited', 'refused', 'pending_review'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Claims of one task one ambassador may make in one period (a refused one may be tried again). */
export const TASK_ATTEMPTS_PER_PERIOD = 5;

/** Why a claim was refused (DECISIONS §7), each a code the ambassador can act on. */
export const TASK_REFUSAL_CODES = [
  'ACCOUNT_NOT_LINKED',
  'NOT_MEMBER',
  'NOT_AUTHOR',
  'TEXT_MISSING',
  'POST_NOT_FOUND',
  'WALLET_NOT_PROVEN',
  'TX_NOT_FOUND',
  'TX_NOT_CONFIRMED',
  'TX_MISMATCH',
  'TX_ALREADY_COUNTED',
  'OUTSIDE_PERIOD',
  'PROVIDER_ANSWER_MALFORMED',
  'REVIEW_REJECTED',
] as const;
export type TaskRefusalCode = (typeof TASK_REFUSAL_CODES)[number];

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZTelegramParams = z.object({
  chatId: z
    .string()
    .trim()
    .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, TASK_MESSAGES.chatId),
});
const ZDiscordParams = z.object({
  guildId: z
    .string()
    .trim()
    .regex(/^\d{1,25}$/, TASK_MESSAGES.guildId),
  roleId: z
    .string()
    .trim()
    .regex(/^\d{1,25}$/, TASK_MESSAGES.roleId)
    .optional(),
});
const ZXParams = z.object({
  mustContain: z
    .string()
    .trim()
    .min(1, TASK_MESSAGES.mustContain)
    .max(280, TASK_MESSAGES.mustContain)
    .refine(...cleanLine),
});
const ZBscParams = z.object({
  token: z.string().trim().regex(ADDRESS, TASK_MESSAGES.token),
  to: z.string().trim().regex(ADDRESS, TASK_MESSAGES.to),
  minAmount: z
    .string()
    .trim()
    .regex(/^\d{1,30}(\.\d{1,36})?$/, TASK_MESSAGES.minAmount)
    .refine((v) => /[1-9]/.test(v), TASK_MESSAGES.minAmount),
});
const ZManualParams = z.object({});

const reward = moneySchema({ format: TASK_MESSAGES.reward, precision: TASK_MESSAGES.reward, range: TASK_MESSAGES.reward });
const ZTaskCommon = z.object({
  title: requiredLine(TASK_MESSAGES.title, { min: 3, max: 120 }),
  description: z
    .string({ error: TASK_MESSAGES.description })
    .trim()
    .max(2000, TASK_MESSAGES.description)
    .refine(...cleanText)
    .default(''),
  gcmReward: reward,
  usdtReward: reward,
  period: z.enum(TASK_PERIODS, { error: 'period must be once, weekly or monthly' }),
  startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be an ISO 8601 date-time' }).nullish(),
  endsAt: z.iso.datetime({ offset: true, error: 'endsAt must be an ISO 8601 date-time' }).nullish(),
});

/** POST /api/admin/tasks: the kind decides the params. */
export const ZTaskInput = z
  .discriminatedUnion(
    'kind',
    [
      ZTaskCommon.extend({ kind: z.literal('telegram_member'), params: ZTelegramParams }),
      ZTaskCommon.extend({ kind: z.literal('discord_member'), params: ZDiscordParams }),
      ZTaskCommon.extend({ kind: z.literal('x_post'), params: ZXParams }),
      ZTaskCommon.extend({ kind: z.literal('bsc_transfer'), params: ZBscParams }),
      ZTaskCommon.extend({ kind: z.literal('manual'), params: ZManualParams.default({}) }),
    ],
    { error: 'kind must be telegram_member, discord_member, x_post, bsc_transfer or manual' },
  )
  .refine((t) => !t.startsAt || !t.endsAt || new Date(t.endsAt) > new Date(t.startsAt), { message: TASK_MESSAGES.dates, path: ['endsAt'] });
export type TTaskInput = z.input<typeof ZTaskInput>;
export type TTaskParsed = z.output<typeof ZTaskInput>;

/** PATCH /api/admin/tasks/{id}: texts, `active`, rewards (for later claims), dates. */
export const ZTaskPatch = z.object({
  title: ZTaskCommon.shape.title.optional(),
  description: z
    .string()
    .trim()
    .max(2000, TASK_MESSAGES.description)
    .refine(...cleanText)
    .optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  gcmReward: reward.optional(),
  usdtReward: reward.optional(),
  startsAt: ZTaskCommon.shape.startsAt,
  endsAt: ZTaskCommon.shape.endsAt,
});

export const ZTaskParams = z
  .record(z.string(), z.string())
  .meta({ description: 'The kind’s parameters: chatId; guildId, roleId?; mustContain; token, to, minAmount; none.' });

/** A task as the admin desk and an ambassador's task list both show it; each view adds its own fields. */
const ZTaskFields = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(TASK_KINDS),
  params: ZTaskParams,
  gcmReward: ZMoney,
  usdtReward: ZMoney,
  period: z.enum(TASK_PERIODS),
  startsAt: ZIsoDate.nullable(),
  endsAt: ZIsoDate.nullable(),
});

export const ZAdminTaskView = ZTaskFields.extend({
  active: z.boolean(),
  createdAt: ZIsoDate,
  claims: z.object({ credited: z.number().int(), refused: z.number().int(), pendingReview: z.number().int() }),
});
export type TAdminTaskView = z.infer<typeof ZAdminTaskView>;

export const ZEvidence = z.record(z.string(), z.string()).meta({
  description:
    'What the service answered that decided the claim: the member status; the post’s URL, author and the SHA-256 of its text; the transaction hash, block and amount.',
});

/** The errors a task's routes answer with beside the shared ones (DECISIONS §7, Errors). */
export const TASK_ERROR_CODES = [
  'ALREADY_CLAIMED',
  'CLAIM_LIMIT',
  'CLAIM_NOT_PENDING',
  'CLAIM_NOT_APPEALABLE',
  'AMBASSADOR_SUSPENDED',
  'TASK_SERVICE_NOT_CONFIGURED',
  'PROVIDER_UNAVAILABLE',
] as const;

export const ZClaimSummary = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  reasonCode: z.string().nullable(),
  evidence: ZEvidence,
  at: ZIsoDate,
  /** A manual claim refused at review: the desk's reason code and facts (the reason the ambassador reads). */
  reviewReasonCode: z.string().nullable(),
  facts: z.string().nullable(),
  /** A refused manual claim not yet appealed, within 14 days of its refusal. */
  appealOpen: z.boolean(),
  appealDeadline: ZIsoDate.nullable(),
  appeal: ZAppealView.nullable(),
});

export const ZTaskView = ZTaskFields.extend({
  /** The latest claim of the current period, or null. */
  claim: ZClaimSummary.nullable(),
  /** Claims left in this period. */
  attemptsLeft: z.number().int(),
});
export type TTaskView = z.infer<typeof ZTaskView>;

export const ZClaimInput = z
  .object({
    postUrl: z.string().trim().max(500, TASK_MESSAGES.postUrl).regex(X_POST_URL, TASK_MESSAGES.postUrl).optional(),
    txHash: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{64}$/, TASK_MESSAGES.txHash)
      .transform((v) => v.toLowerCase())
      .optional(),
    note: optionalText(2000, 'Note'),
  })
  .nullish()
  .transform((v) => v ?? { note: null });
export type TClaimInput = z.input<typeof ZClaimInput>;

export const ZClaimResult = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  reasonCode: z.string().nullable(),
  evidence: ZEvidence,
});
export type TClaimResult = z.infer<typeof ZClaimResult>;

export const ZAdminClaimView = z.object({
  id: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  kind: z.enum(TASK_KINDS),
  ambassadorId: z.string(),
  ambassadorName: z.string(),
  period: z.string(),
  status: z.enum(CLAIM_STATUSES),
  reasonCode: z.string().nullable(),
  evidence: ZEvidence,
  postUrl: z.string().nullable(),
  txHash: z.string().nullable(),
  note: z.string().nullable(),
  gcmAwarded: ZMoney,
  usdtAwarded: ZMoney,
  at: ZIsoDate,
  decidedAt: ZIsoDate.nullable(),
  facts: z.string().nullable(),
});
export type TAdminClaimView = z.infer<typeof ZAdminClaimView>;

export const ZTaskClaimsQuery = z.object({
  taskId: z.string().optional().meta({ description: 'Only this task’s claims.' }),
  status: z.enum(CLAIM_STATUSES, { error: 'status must be credited, refused or pending_review' }).optional(),
});

API_OUTPUTS.add(ZAdminTaskView, { id: 'AdminTaskView' })
  .add(ZTaskView, { id: 'TaskView' })
  .add(ZClaimResult, { id: 'TaskClaimResult' })
  .add(ZAdminClaimView, { id: 'AdminTaskClaimView' });
API_INPUTS.add(ZTaskInput, { id: 'TaskInput' }).add(ZTaskPatch, { id: 'TaskPatch' });
