/**
 * The runtime contract of DECISIONS §1, validated once at start. A missing or
 * bad variable stops the process with a message naming it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { QUICKNET, parseDrandTestChain, type DrandChain } from '../shared/drand.ts';

/** A failed webhook delivery is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (Standard Webhooks' schedule, DECISIONS §7). */
export const DEFAULT_WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** The League of Entropy's public HTTP relays (DECISIONS §5): any one of them is enough, none is trusted. */
export const DEFAULT_DRAND_URLS = ['https://api.drand.sh', 'https://api2.drand.sh', 'https://api3.drand.sh', 'https://drand.cloudflare.com'];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which hops may tell the client's address in X-Forwarded-For. Unset or `false`: none.
 * A number: that many proxies in front. A list: the proxies' addresses or CIDRs. `true` (trust every
 * hop) is refused: any client could then choose its own address and escape every per-address limit.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every hop, so any client could choose its own address with X-Forwarded-For and escape the per-address limits; write the number of proxies in front of the app (1 behind one reverse proxy) or their addresses/CIDRs (for example 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count is the number of proxies in front of the app, at most 10' });
      return hops;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `not a proxy address or CIDR: ${bad.join(', ')} (write a hop count such as 1, or addresses/CIDRs separated by commas)`,
      });
      return z.NEVER;
    }
    return entries;
  });

const origins = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const list = (raw ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const result: string[] = [];
    for (const entry of list) {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/+$/, '')) {
        ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port], no path): ${entry}` });
        return z.NEVER;
      }
      result.push(url.origin);
    }
    return result;
  });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** An outside service's base URL (DECISIONS §7, Linked accounts): http(s), no trailing slash; https only in production (checked below). */
const serviceUrl = (fallback: string) =>
  optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()).transform((v) => (v ?? fallback).replace(/\/+$/, ''));

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_DIRECT_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Ambassador Program <no-reply@localhost>'),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SUPER_ADMIN_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
    SUPER_ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
    SUPER_ADMIN_SECRET: optionalString,
    SUPER_ADMIN_LOGIN_PATH: z
      .string()
      .regex(/^\/[A-Za-z0-9._~-]+$/, 'must be a path of one segment, like /restricted')
      .default('/restricted'),
    ALLOW_REGISTRATION: bool,
    TRUST_PROXY: trustProxy,
    ALLOWED_ORIGINS: origins,
    EMAIL_TO_LOG: bool,
    REQUEST_TIMEOUT_SECONDS: positiveInt(30),
    ADMIN_MFA: z.enum(['required', 'optional'], { error: 'must be required or optional' }).optional(),
    USDT_TOKEN_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a token contract address (0x and 40 hex digits)')
      .default('0x55d398326f99059fF775485246999027B3197955'),
    USDT_TOKEN_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
    PAYOUT_SECOND_APPROVAL_USDT: z
      .string()
      .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount in USDT, like 500 or 500.00')
      .default('500'),
    WALLET_CHANGE_HOLD_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 30)
      .default(48),
    WALLET_PROOF: z.enum(['required', 'optional'], { error: 'must be required or optional' }).default('optional'),
    EXCHANGE_ADDRESS_HOLD_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 30)
      .default(72),
    EXPLORER_TX_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://bscscan.com/tx/'),
    BSC_RPC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of a BNB Smart Chain JSON-RPC node' }).optional()),
    BSC_RPC_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
    ANCHOR_PRIVATE_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a private key: 0x and 64 hex digits')
        .optional(),
    ),
    BSC_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
    TEST_CLOCK_OFFSET: optionalString.pipe(
      z
        .string()
        .regex(/^[+-]?\d{1,6}(ms|s|m|h|d)$/, 'must be a signed duration such as -35d, +2h or -90m')
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_IDLE_MINUTES: positiveInt(24 * 60),
    SESSION_ABSOLUTE_HOURS: positiveInt(7 * 24),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(10),
    LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(50),
    LOGIN_WINDOW_MINUTES: positiveInt(15),
    CHANGE_PASSWORD_MAX_FAILURES_PER_ACCOUNT: positiveInt(10),
    SUPER_ADMIN_LOGIN_MAX_FAILURES: positiveInt(5),
    APPLICATIONS_PER_HOUR: positiveInt(20),
    SETUP_PASSWORD_ATTEMPTS: positiveInt(20),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    DATA_ENCRYPTION_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    DATA_ENCRYPTION_KEY_PREVIOUS: z
      .string()
      .optional()
      .transform((raw) =>
        (raw ?? '')
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      ),
    PAYOUT_APPROVER_MIN_AGE_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 365)
      .default(168),
    DRAND_URLS: z
      .string()
      .optional()
      .transform((raw, ctx): string[] => {
        const list = (raw ?? '')
          .split(',')
          .map((e) => e.trim().replace(/\/+$/, ''))
          .filter(Boolean);
        for (const entry of list) {
          if (!/^https?:\/\/[^\s]+$/.test(entry)) {
            ctx.addIssue({ code: 'custom', message: `not an http(s) URL: ${entry}` });
            return z.NEVER;
          }
        }
        return list.length ? list : DEFAULT_DRAND_URLS;
      }),
    DRAND_TEST_CHAIN: optionalString,
    TELEGRAM_BOT_TOKEN: optionalString.pipe(
      z
        .string()
        .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must be a bot token as @BotFather gives it (digits, a colon, then letters)')
        .optional(),
    ),
    TELEGRAM_BOT_USERNAME: optionalString.pipe(
      z
        .string()
        .transform((v) => v.replace(/^@/, ''))
        .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{1,28}bot$/i, 'must be the bot’s username as @BotFather gives it (ends in bot), with or without the @'))
        .optional(),
    ),
    TELEGRAM_API_URL: serviceUrl('https://api.telegram.org'),
    /** The channel the bot posts a month's freeze and close to: `@channelusername` or its numeric id (-100…). */
    TELEGRAM_CHANNEL_ID: optionalString.pipe(
      z
        .string()
        .regex(/^(@[A-Za-z][A-Za-z0-9_]{4,31}|-?\d{1,20})$/, 'must be a channel as the Bot API takes it: @channelusername or its numeric id (-100…)')
        .optional(),
    ),
    /** What Telegram sends in X-Telegram-Bot-Api-Secret-Token with each update (setWebhook's secret_token: 1-256 of A-Z a-z 0-9 _ -). */
    TELEGRAM_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 characters of A-Z, a-z, 0-9, _ and - (Telegram’s secret_token)')
        .optional(),
    ),
    DISCORD_API_URL: serviceUrl('https://discord.com/api/v10'),
    DISCORD_OAUTH_URL: serviceUrl('https://discord.com/oauth2'),
    DISCORD_CLIENT_ID: optionalString.pipe(
      z
        .string()
        .regex(/^\d{1,25}$/, 'must be the Discord application’s id (digits)')
        .optional(),
    ),
    DISCORD_CLIENT_SECRET: optionalString,
    /** The Discord application's bot token: only to write the Linked Roles metadata records (the bot joins no server). Never logged or answered. */
    DISCORD_BOT_TOKEN: optionalString,
    OEMBED_URL: serviceUrl('https://publish.twitter.com/oembed'),
    PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    TASK_CLAIMS_PER_MINUTE: positiveInt(10),
    WEBHOOK_RETRY_SECONDS: z
      .string()
      .optional()
      .transform((raw, ctx): number[] => {
        if (raw === undefined || raw.trim() === '') return DEFAULT_WEBHOOK_RETRY_SECONDS;
        const list = raw.split(',').map((e) => e.trim());
        if (list.some((e) => !/^\d{1,7}$/.test(e))) {
          ctx.addIssue({ code: 'custom', message: 'must be whole seconds separated by commas, one per retry (e.g. 5,300,1800)' });
          return z.NEVER;
        }
        return list.map(Number);
      }),
    WEBHOOK_ALLOW_PRIVATE: bool,
    // Traces (telemetry.ts): the OpenTelemetry SDK reads these and the other OTEL_* variables itself; checked here so a typo stops the start.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OTLP/HTTP receiver' }).optional()),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OTLP/HTTP receiver’s traces path' }).optional(),
    ),
    OTEL_SDK_DISABLED: bool,
    OTEL_TRACES_EXPORTER: optionalString,
    LIVE_STREAMS_PER_ADDRESS: positiveInt(20),
    LIVE_STREAMS_MAX: positiveInt(10_000),
  })
  .superRefine((env, ctx) => {
    /** A rule across variables broken: the variable named is the one to fix. */
    const issue = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      issue('SESSION_SECRET', 'is required when NODE_ENV=production');
    }
    if (env.NODE_ENV === 'production' && env.TEST_CLOCK_OFFSET) {
      issue('TEST_CLOCK_OFFSET', 'moves the server clock for testing and is refused when NODE_ENV=production');
    }
    if (env.NODE_ENV === 'production' && env.DRAND_TEST_CHAIN) {
      issue('DRAND_TEST_CHAIN', 'replaces drand quicknet for tests and is refused when NODE_ENV=production');
    } else if (env.DRAND_TEST_CHAIN) {
      try {
        parseDrandTestChain(env.DRAND_TEST_CHAIN);
      } catch (error) {
        issue('DRAND_TEST_CHAIN', error instanceof Error ? error.message : String(error));
      }
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && !env.EMAIL_TO_LOG) {
      issue(
        'SMTP_URL',
        'is required when NODE_ENV=production: without it every email, with its password setup link, would be printed to the log (set EMAIL_TO_LOG=true only if you accept that)',
      );
    }
    if (env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_PRIVATE) {
      issue('WEBHOOK_ALLOW_PRIVATE', 'lets webhooks reach private and loopback addresses and is refused when NODE_ENV=production');
    }
    if (env.ANCHOR_PRIVATE_KEY && !env.BSC_RPC_URL) {
      issue('ANCHOR_PRIVATE_KEY', 'anchors the public log on BNB Smart Chain and needs BSC_RPC_URL');
    }
    if (env.NODE_ENV === 'production') {
      // The outside services are reached over TLS only: a bot token, an OAuth secret and the answers that credit money travel there.
      for (const name of ['TELEGRAM_API_URL', 'DISCORD_API_URL', 'DISCORD_OAUTH_URL', 'OEMBED_URL', 'BSC_RPC_URL'] as const) {
        const value = env[name];
        if (value && !value.startsWith('https://')) issue(name, 'must be an https:// URL when NODE_ENV=production');
      }
    }
    for (const name of ['TELEGRAM_CHANNEL_ID', 'TELEGRAM_WEBHOOK_SECRET'] as const) {
      if (env[name] && !env.TELEGRAM_BOT_TOKEN) issue(name, 'is the bot’s and needs TELEGRAM_BOT_TOKEN');
    }
    // Telegram delivers updates to an https webhook only: in production the bot's address (APP_URL) must be one.
    if (env.NODE_ENV === 'production' && env.TELEGRAM_WEBHOOK_SECRET && env.APP_URL && !env.APP_URL.startsWith('https://')) {
      issue('APP_URL', 'must be an https:// URL when TELEGRAM_WEBHOOK_SECRET is set (Telegram only calls https webhooks)');
    }
    if (env.DISCORD_BOT_TOKEN && !env.DISCORD_CLIENT_ID) {
      issue('DISCORD_BOT_TOKEN', 'is the Discord application’s and needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET');
    }
    if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
      issue('DISCORD_CLIENT_SECRET', 'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set together');
    }
    if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
      issue(
        'DATABASE_DIRECT_URL',
        'is the direct connection beside DATABASE_URL (for migrations and LISTEN) and needs DATABASE_URL; without it the database is the embedded one',
      );
    }
    if (Boolean(env.SUPER_ADMIN_EMAIL) !== Boolean(env.SUPER_ADMIN_PASSWORD)) {
      issue('SUPER_ADMIN_PASSWORD', 'SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD are set together');
    }
  });

/** What Fastify's trustProxy takes, in the forms an operator may write (see TRUST_PROXY). */
export type TrustProxy = false | number | string[];

/**
 * The configuration the server runs with: the environment checked by ZEnv, then shaped once here.
 * This schema is the one home of every setting: its type (Config) and its defaults come from it.
 */
const ZConfig = ZEnv.transform((env) => {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    /**
     * DATABASE_DIRECT_URL (DECISIONS §7): a connection straight to PostgreSQL for migrations (a session
     * advisory lock) and LISTEN, when DATABASE_URL goes through a transaction pooler that breaks both; unset: DATABASE_URL.
     */
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    dataDir,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(dataDir),
    superAdmin:
      env.SUPER_ADMIN_EMAIL && env.SUPER_ADMIN_PASSWORD ? { email: env.SUPER_ADMIN_EMAIL.toLowerCase(), password: env.SUPER_ADMIN_PASSWORD } : undefined,
    superAdminSecret: env.SUPER_ADMIN_SECRET,
    superAdminLoginPath: env.SUPER_ADMIN_LOGIN_PATH,
    allowRegistration: env.ALLOW_REGISTRATION,
    trustProxy: env.TRUST_PROXY,
    /** Origins allowed to send state-changing requests besides APP_URL's own. */
    allowedOrigins: env.ALLOWED_ORIGINS,
    /** Print emails (setup links included) to the log instead of sending them; refused in production unless EMAIL_TO_LOG=true. */
    emailToLog: !env.SMTP_URL,
    /** Headers and body of a request must arrive within this time, else 408. */
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    /** TEST_CLOCK_OFFSET in milliseconds, added to the server's clock (never in production). */
    clockOffsetMs: durationMs(env.TEST_CLOCK_OFFSET),
    /** ADMIN_MFA: whether admins and super admins must use two-factor sign-in (default: required in production). */
    adminMfa: env.ADMIN_MFA ?? (env.NODE_ENV === 'production' ? ('required' as const) : ('optional' as const)),
    payouts: {
      tokenAddress: env.USDT_TOKEN_ADDRESS,
      tokenDecimals: env.USDT_TOKEN_DECIMALS,
      /** Above this amount (USDT), a withdrawal needs two different admins' approval. */
      secondApprovalUsdt: env.PAYOUT_SECOND_APPROVAL_USDT,
      walletChangeHoldMs: env.WALLET_CHANGE_HOLD_HOURS * 3_600_000,
      walletChangeHoldHours: env.WALLET_CHANGE_HOLD_HOURS,
      /**
       * WALLET_PROOF (DECISIONS §6, Wallet proof): `required`, a withdrawal needs the saved address
       * proven by a signature or declared an exchange deposit address; `optional` (default), neither.
       */
      walletProof: env.WALLET_PROOF,
      /** EXCHANGE_ADDRESS_HOLD_HOURS: the first withdrawal to an address declared an exchange deposit address waits this long after the declaration. */
      exchangeHoldHours: env.EXCHANGE_ADDRESS_HOLD_HOURS,
      exchangeHoldMs: env.EXCHANGE_ADDRESS_HOLD_HOURS * 3_600_000,
      /** The block explorer's transaction page; the hash is appended. */
      explorerTxUrl: env.EXPLORER_TX_URL,
      /**
       * BSC_RPC_URL: a JSON-RPC node of the chain the token lives on. Set: marking a batch paid first
       * checks its receipt on chain (chain.ts); unset: only the hash's format is checked.
       */
      rpcUrl: env.BSC_RPC_URL,
      /** BSC_RPC_TIMEOUT_SECONDS in milliseconds: how long one call to that node may take before the answer is 503. */
      rpcTimeoutMs: env.BSC_RPC_TIMEOUT_SECONDS * 1000,
      /** PAYOUT_APPROVER_MIN_AGE_HOURS in milliseconds: an approver of a two-person withdrawal existed this long before it was requested (0: no age rule). */
      approverMinAgeMs: env.PAYOUT_APPROVER_MIN_AGE_HOURS * 3_600_000,
      approverMinAgeHours: env.PAYOUT_APPROVER_MIN_AGE_HOURS,
    },
    /**
     * ANCHOR_PRIVATE_KEY with BSC_RPC_URL (DECISIONS §7, Anchors on BSC): the public log's head is anchored on
     * chain by a transaction from this key's address to itself; unset: no anchoring. The key is never logged or answered.
     */
    anchor:
      env.ANCHOR_PRIVATE_KEY && env.BSC_RPC_URL
        ? {
            privateKey: env.ANCHOR_PRIVATE_KEY as `0x${string}`,
            rpcUrl: env.BSC_RPC_URL,
            confirmations: env.BSC_CONFIRMATIONS,
            rpcTimeoutMs: env.BSC_RPC_TIMEOUT_SECONDS * 1000,
          }
        : undefined,
    /** DATA_ENCRYPTION_KEY: the secret TOTP seeds are sealed with (auth/sealed.ts); unset: SESSION_SECRET. */
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
    /** DATA_ENCRYPTION_KEY_PREVIOUS: retired secrets whose sealed values are re-sealed at start (a rotation). */
    dataEncryptionKeyPrevious: env.DATA_ENCRYPTION_KEY_PREVIOUS,
    /**
     * The outside services that link accounts and check tasks (DECISIONS §7, Linked accounts; ADR 029). The bot token and the
     * OAuth client secret are never logged or answered; a call that takes longer than timeoutMs is a 503 that records nothing.
     */
    providers: {
      telegramBotToken: env.TELEGRAM_BOT_TOKEN,
      /** TELEGRAM_BOT_USERNAME: the Login Widget's bot (public: GET /api/settings answers it when the token is set too). */
      telegramBotUsername: env.TELEGRAM_BOT_USERNAME,
      telegramApiUrl: env.TELEGRAM_API_URL,
      /** TELEGRAM_CHANNEL_ID: where a month's freeze and close are posted; unset: no channel posts. */
      telegramChannelId: env.TELEGRAM_CHANNEL_ID,
      /** TELEGRAM_WEBHOOK_SECRET: the header every update must carry; unset: POST /api/telegram/webhook is 404. Never logged or answered. */
      telegramWebhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
      discordApiUrl: env.DISCORD_API_URL,
      discordOAuthUrl: env.DISCORD_OAUTH_URL,
      discord: env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET ? { clientId: env.DISCORD_CLIENT_ID, clientSecret: env.DISCORD_CLIENT_SECRET } : undefined,
      /** DISCORD_BOT_TOKEN: writes the Linked Roles metadata records at start; unset: they are registered by hand (README). */
      discordBotToken: env.DISCORD_BOT_TOKEN,
      oembedUrl: env.OEMBED_URL,
      timeoutMs: env.PROVIDER_TIMEOUT_SECONDS * 1000,
    },
    /** BSC_CONFIRMATIONS: blocks on top of a transaction before a transfer task counts it (and an anchor is logged). */
    bscConfirmations: env.BSC_CONFIRMATIONS,
    /** TASK_CLAIMS_PER_MINUTE: task claims one ambassador may send in a minute; 429 beyond. */
    taskClaimsPerMinute: env.TASK_CLAIMS_PER_MINUTE,
    /** Live streams (Server-Sent Events) one client address may hold, and all of them together; 429 beyond. */
    liveStreams: { perAddress: env.LIVE_STREAMS_PER_ADDRESS, max: env.LIVE_STREAMS_MAX },
    /** The drand chain the monthly draw takes its beacon from (quicknet, or DRAND_TEST_CHAIN outside production), and the relays asked. */
    drand: env.DRAND_TEST_CHAIN
      ? { chain: parseDrandTestChain(env.DRAND_TEST_CHAIN), urls: env.DRAND_URLS, quicknet: false }
      : { chain: { ...QUICKNET } as DrandChain, urls: env.DRAND_URLS, quicknet: true },
    logLevel: env.LOG_LEVEL as string,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    rateLimits: {
      loginPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      loginPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      loginWindowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
      /** Wrong current passwords on change-password per account in LOGIN_WINDOW_MINUTES (per address: loginPerAddress). */
      changePasswordPerAccount: env.CHANGE_PASSWORD_MAX_FAILURES_PER_ACCOUNT,
      superAdminLogin: env.SUPER_ADMIN_LOGIN_MAX_FAILURES,
      applicationsPerHour: env.APPLICATIONS_PER_HOUR,
      setupPassword: env.SETUP_PASSWORD_ATTEMPTS,
    },
    /**
     * Webhooks out (DECISIONS §7): the wait before each retry (WEBHOOK_RETRY_SECONDS, in ms; a delivery
     * fails for good after the last), whether targets on private, loopback or link-local addresses
     * are allowed (WEBHOOK_ALLOW_PRIVATE, never in production), and whether a target must be https.
     */
    webhooks: {
      retryMs: env.WEBHOOK_RETRY_SECONDS.map((seconds) => seconds * 1000),
      allowPrivate: env.NODE_ENV !== 'production' && env.WEBHOOK_ALLOW_PRIVATE,
      httpsOnly: env.NODE_ENV === 'production',
    },
    /** Bearer token of GET /metrics; unset: /metrics is off (404). */
    metricsToken: env.METRICS_TOKEN,
    /**
     * OTEL_EXPORTER_OTLP_ENDPOINT (or its traces-only form) set, and the SDK not turned off
     * (OTEL_SDK_DISABLED, OTEL_TRACES_EXPORTER=none): requests and database calls are traced (telemetry.ts).
     */
    traces: !env.OTEL_SDK_DISABLED && env.OTEL_TRACES_EXPORTER !== 'none' && Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
  };
});

export type Config = z.output<typeof ZConfig>;
export type RateLimitConfig = Config['rateLimits'];

export class ConfigError extends Error {}

/** Reads and checks the environment; throws ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv): Config {
  const parsed = ZConfig.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  return parsed.data;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "-35d" -> -3024000000; undefined -> 0. */
function durationMs(value: string | undefined): number {
  const match = value ? /^([+-]?)(\d+)(ms|s|m|h|d)$/.exec(value) : null;
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * Number(match[2]) * (UNIT_MS[match[3] ?? 'ms'] ?? 1);
}

/** Development only: a secret generated once and kept beside the embedded database. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generate below
  }
  // The directory also holds the embedded database: its owner's alone.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
