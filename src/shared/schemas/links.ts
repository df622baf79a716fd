/**
 * Linked accounts (DECISIONS §7, Linked accounts; docs/decisions/029-linked-accounts-and-task-verifiers.md):
 * an ambassador links a Telegram account (the Login Widget's signed answer), a Discord account
 * (OAuth) and an X account (a public post holding their link code, read through oEmbed), beside the
 * payout wallet proven by signature (read-only here).
 */
import { z } from 'zod';
import { API_INPUTS, API_OUTPUTS } from './api-names.ts';
import { ZIsoDate } from './common.ts';
import { LINK_MESSAGES } from './messages.ts';

/** The accounts an ambassador can link, and the proven payout wallet shown beside them. */
export const LINK_PROVIDERS = ['telegram', 'discord', 'x', 'wallet'] as const;
export type LinkProvider = (typeof LINK_PROVIDERS)[number];
/** The ones linked through this API (the wallet is proven on the wallet page). */
export const LINKABLE_PROVIDERS = ['telegram', 'discord', 'x'] as const;
export type LinkableProvider = (typeof LINKABLE_PROVIDERS)[number];

/** A provider account another ambassador held can be linked again this many days after its unlink. */
export const RELINK_WAIT_DAYS = 30;
/** A Telegram Login Widget answer is accepted this long after its auth_date. */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 86_400;
/** A Discord authorisation's state is valid this long. */
export const DISCORD_STATE_MINUTES = 10;

export const ZLinkView = z.object({
  provider: z.enum(LINK_PROVIDERS),
  handle: z.string().meta({ description: 'The account’s name as its service shows it: @username (Telegram, X), the Discord username, the wallet address.' }),
  externalId: z
    .string()
    .meta({ description: 'The account’s id at its service: the Telegram or Discord user id, the X handle in lower case, the wallet address in lower case.' }),
  linkedAt: ZIsoDate,
});
export type TLinkView = z.infer<typeof ZLinkView>;

export const ZLinkProviderParams = z.object({
  provider: z.enum(LINK_PROVIDERS, { error: 'provider must be telegram, discord, x or wallet' }),
});

/** The Login Widget's fields, as Telegram hands them to the page (https://core.telegram.org/widgets/login#checking-authorization). */
export const ZTelegramLoginInput = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]).meta({ description: 'The Telegram user id.' }),
  first_name: z.string().max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]).meta({ description: 'Unix time of the sign-in; at most a day old.' }),
  hash: z.string().regex(/^[0-9a-f]{64}$/i, 'hash must be 64 hexadecimal digits'),
});
export type TTelegramLoginInput = z.input<typeof ZTelegramLoginInput>;

/** A public post on X (or twitter.com): https://x.com/{handle}/status/{id}. */
export const X_POST_URL = /^https:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/status(?:es)?\/(\d{1,25})(?:[/?#].*)?$/;

export const ZXLinkInput = z.object({
  postUrl: z.string({ error: LINK_MESSAGES.postUrl }).trim().max(500, LINK_MESSAGES.postUrl).regex(X_POST_URL, LINK_MESSAGES.postUrl),
});
export type TXLinkInput = z.input<typeof ZXLinkInput>;

/** The `code` of each refusal (the error body's), listed for the client. */
export const LINK_CODES = [
  'LINK_TAKEN',
  'LINK_NOT_FOUND',
  'LINK_READ_ONLY',
  'LINK_PROVIDER_NOT_CONFIGURED',
  'TELEGRAM_AUTH_INVALID',
  'TELEGRAM_AUTH_EXPIRED',
  'DISCORD_STATE_INVALID',
  'DISCORD_AUTH_DENIED',
  'POST_NOT_FOUND',
  'TEXT_MISSING',
  'PROVIDER_ANSWER_MALFORMED',
  'PROVIDER_UNAVAILABLE',
] as const;
export type LinkCode = (typeof LINK_CODES)[number];

/**
 * GET /api/links/discord/role-connection (DECISIONS §7, Telegram and Discord): the Discord Linked
 * Roles values of the signed-in ambassador (their own only), as they are pushed to Discord.
 */
export const ZRoleConnection = z.object({
  platformName: z.string(),
  metadata: z.object({
    badge_level: z.number().int().min(0).max(3).describe('This month’s badge: 0 normal, 1 bronze, 2 silver, 3 gold.'),
    months_active: z.number().int().min(0).describe('UTC months in which the ambassador was credited GCM.'),
    wallet_verified: z.boolean().describe('The payout wallet is proven by a signature.'),
  }),
  linked: z.boolean().describe('Whether Discord is linked (only then are the values pushed to Discord).'),
  pushedAt: z.string().meta({ format: 'date-time' }).nullable().describe('When the values were last pushed to Discord.'),
});
export type TRoleConnection = z.infer<typeof ZRoleConnection>;

API_OUTPUTS.add(ZLinkView, { id: 'LinkView' }).add(ZRoleConnection, { id: 'RoleConnection' });
API_INPUTS.add(ZTelegramLoginInput, { id: 'TelegramLoginInput' }).add(ZXLinkInput, { id: 'XLinkInput' });
