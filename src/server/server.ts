/**
 * Wires the parts together: database (migrated), super admin, outbox sender
 * and the HTTP app. Used by main.ts and by the tests, so both run the same thing.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import { openBackupChannel } from './backup-channel.ts';
import { offsetClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { appContext, type AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createOutbox } from './email/outbox.ts';
import { logTransport, smtpTransport, type MailTransport } from './email/transport.ts';
import { ensureSuperAdmin } from './features/auth/service.ts';
import { resealTotpSecrets } from './features/mfa/service.ts';
import { resealDiscordTokens } from './features/links/service.ts';
import { createWebhookSender } from './features/webhooks/sender.ts';
import { createTelegramSender } from './features/telegram/sender.ts';
import { createDiscordRoleSender } from './features/links/role-connection.ts';
import { queueRoleMetadata } from './features/discord-roles/index.ts';
import { resealWebhookSecrets } from './features/webhooks/service.ts';
import { startSeasonsJob } from './features/seasons/job.ts';
import { fixMonthTerms } from './features/seasons/terms.ts';
import { startAnchorJob } from './features/anchor/job.ts';
import { HOUSEKEEPING_EVERY_MS, housekeeping } from './housekeeping.ts';

export interface StartOptions {
  clock?: Clock;
  /** An already opened database (tests share one per file). */
  database?: Database;
  /** In-memory PGlite instead of DATA_DIR (tests). */
  inMemory?: boolean;
  logger?: FastifyServerOptions['logger'];
  clientDir?: string;
  outboxPollMs?: number;
  /** How often the seasons job runs (default SEASONS_JOB_EVERY_MS), 0: never by itself (tests call runSeasonsJob). */
  seasonsEveryMs?: number;
  /** Fix the running month's terms before serving (default: when the seasons job runs; tests that play a month's history choose). */
  termsAtStart?: boolean;
  /** How often the anchor job runs when anchoring is on (default ANCHOR_JOB_EVERY_MS); 0: never by itself (tests call runAnchorJob). */
  anchorEveryMs?: number;
}

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Stops taking requests, lets the ones in flight finish, then closes the rest. */
  close(): Promise<void>;
}

/** Log options that never print secrets: cookies, auth headers and password fields are redacted. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.superAdminSecret',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Setup links carry their token in the path: log the route, not the token.
      req(request: { method: string; url: string; id: string }) {
        return { method: request.method, url: request.url.replace(/(setup-password\/)[^/?]+/, '$1[redacted]'), id: request.id };
      },
    },
  };
}

/**
 * Lines to standard output are written asynchronously (pino.destination, sync: false): a line is
 * queued and written by libuv's pool, and lines queued meanwhile go out together, instead of one
 * blocking write on the main thread per line. pino flushes what is queued when the process exits
 * (on exit, SIGINT, SIGTERM and an uncaught exception); only a power cut or SIGKILL can lose the
 * last lines. Options that name their own stream (the tests) keep it.
 */
function withStdout(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object' || 'stream' in logger) return logger;
  return { ...logger, stream: pino.destination({ dest: 1, sync: false }) };
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? offsetClock(config.clockOffsetMs);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      directUrl: config.databaseDirectUrl,
      dataDir: config.dataDir,
      inMemory: options.inMemory ?? false,
    }));
  await database.migrate();
  const logger = withStdout(options.logger ?? loggerOptions(config.logLevel));
  // The outbox logs through the same settings and the same stream as the app.
  const stream = logger && typeof logger === 'object' ? (logger as { stream?: pino.DestinationStream }).stream : undefined;
  const log: FastifyBaseLogger =
    logger && typeof logger === 'object'
      ? stream
        ? pino(logger as pino.LoggerOptions, stream)
        : pino(logger as pino.LoggerOptions)
      : pino({ level: 'silent' });
  const transport: MailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(log);
  const outbox = createOutbox({ db: database.db, transport, clock, log, pollMs: options.outboxPollMs });
  const ctx = appContext({ config, database, clock, outbox, log });
  // The webhook outbox's sender polls as often as the email outbox's.
  ctx.webhooks = createWebhookSender(ctx, { pollMs: options.outboxPollMs });
  ctx.telegram = createTelegramSender(ctx, { pollMs: options.outboxPollMs });
  ctx.discordRoles = createDiscordRoleSender(ctx, { pollMs: options.outboxPollMs });
  await ensureSuperAdmin(ctx);
  await resealTotpSecrets(ctx);
  await resealDiscordTokens(ctx);
  await resealWebhookSecrets(ctx);
  await housekeeping(database.db, clock.now());
  // Discord Linked Roles: the application's metadata records are (re)written at each start.
  await queueRoleMetadata(ctx);
  const app = await buildApp(ctx, { logger, clientDir: options.clientDir });
  await app.ready();
  outbox.start();
  ctx.webhooks.start();
  ctx.telegram.start();
  ctx.discordRoles.start();
  const figuresListener = database.listenForFigures();
  // npm run backup reaches this process through DATA_DIR, never through the public port.
  const backupChannel = database.dump && database.dataDir ? await openBackupChannel(database.dataDir, database.dump, app.log) : undefined;
  // The months' terms, freezes and closes: at start (not awaited: a relay's answer never delays it), then on a timer.
  // The log's head anchored on BSC (ANCHOR_PRIVATE_KEY): on its own timer, so the chain never delays a freeze or a close.
  const anchorJob = config.anchor && options.anchorEveryMs !== 0 ? startAnchorJob(ctx, options.anchorEveryMs) : undefined;
  // The running month's terms are fixed before the first request (reads never write them): awaited, a database step only.
  if (options.termsAtStart ?? options.seasonsEveryMs !== 0) await fixMonthTerms(ctx);
  const seasonsJob = options.seasonsEveryMs === 0 ? undefined : startSeasonsJob(ctx, options.seasonsEveryMs, anchorJob?.kick);
  const prune = setInterval(() => void housekeeping(database.db, clock.now()).catch(() => undefined), HOUSEKEEPING_EVERY_MS);
  prune.unref();
  let closed = false;
  return {
    app,
    ctx,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(prune);
      await seasonsJob?.stop();
      await anchorJob?.stop();
      await app.close();
      await backupChannel?.close();
      await figuresListener.stop();
      await outbox.stop();
      await ctx.webhooks.stop();
      await ctx.telegram.stop();
      await ctx.discordRoles.stop();
      if (!options.database) await database.close();
    },
  };
}
