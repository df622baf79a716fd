import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Outbox } from './email/outbox.ts';

/** What every service needs: the database, the clock, the configuration and the outbox. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  outbox: Outbox;
}
