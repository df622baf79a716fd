import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Outbox } from './email/outbox.ts';
import { streamLimits, type StreamLimits } from './stream-limits.ts';
import { inertWebhookSender, type WebhookSender } from './features/webhooks/sender.ts';
import { inertBotSender, type BotSender } from './features/telegram/sender.ts';

/** What every service needs: the database, the clock, the configuration, the outbox, the log and the live streams' caps. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  outbox: Outbox;
  log: FastifyBaseLogger;
  /** The caps on open live streams, shared by every stream of this instance. */
  streamLimits: StreamLimits;
  /** The webhook outbox's sender (features/webhooks/sender.ts). */
  webhooks: WebhookSender;
  /** The Telegram outbox's sender (features/telegram/sender.ts). */
  telegram: BotSender;
  /** The Discord Linked Roles outbox's sender (features/links/role-connection.ts). */
  discordRoles: BotSender;
}

/**
 * The context of a process on this database: the live streams' caps from the configuration, and
 * senders that send nothing yet. A server replaces them with its own before it starts them; a tool
 * that opens the database without serving (the bench) keeps them, and the work waits in the outboxes.
 */
export function appContext(parts: Pick<AppContext, 'config' | 'database' | 'clock' | 'outbox' | 'log'>): AppContext {
  return {
    ...parts,
    db: parts.database.db,
    streamLimits: streamLimits(parts.config.liveStreams),
    webhooks: inertWebhookSender,
    telegram: inertBotSender,
    discordRoles: inertBotSender,
  };
}
