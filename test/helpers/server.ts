/**
 * Boots the real product for a test: the same startServer as `npm start`, on
 * a fresh database, with a real SMTP server and a clock the test can move.
 */
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { loggerOptions, startServer, type RunningServer } from '../../src/server/server.ts';
import { TestClock } from './clock.ts';
import { freePort } from './ports.ts';
import { createTestDatabase, type DatabaseKind } from './database.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

export const SUPER_ADMIN = { email: 'super@example.com', password: 'SuperPass123!', secret: 'test-super-secret' };
export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';
/** The super admin's sign-in page on a test server. */
export const SUPER_ADMIN_LOGIN_PATH = '/restricted';

export interface TestServer {
  url: string;
  origin: string;
  app: RunningServer['app'];
  ctx: RunningServer['ctx'];
  database: Database;
  db: Database['db'];
  clock: TestClock;
  mail: TestSmtp;
  config: Config;
  kind: DatabaseKind;
  /** Delivers every due email now. */
  flushEmail(): Promise<number>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  kind?: DatabaseKind;
  /** Listen on a real port (browser tests); API tests use inject. */
  listen?: boolean;
  env?: Record<string, string>;
  clock?: TestClock;
  /** Share a database (two instances on one PostgreSQL). */
  database?: { database: Database; url: string | undefined };
  /** Share one SMTP server between instances. */
  mail?: TestSmtp;
  logger?: boolean;
  /** The product's own log settings (server.ts loggerOptions, level info), writing its JSON lines here. */
  logStream?: { write(line: string): void };
  /** Run the seasons job by itself this often (ms); default: never (tests call runSeasonsJob). */
  seasonsEveryMs?: number;
  /**
   * Fix the running month's terms at start, as a server does before it serves (reads never make a
   * month); default: no (the test plays the month's history: runSeasonsJob, ensureSeason); a browser suite's default: yes.
   */
  termsAtStart?: boolean;
  /** Run the anchor job by itself this often (ms) when ANCHOR_PRIVATE_KEY is set; default: never (tests call runAnchorJob). */
  anchorEveryMs?: number;
}

export { freePort } from './ports.ts';

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const kind = options.kind ?? 'pglite';
  const clock = options.clock ?? new TestClock(new Date());
  const mail = options.mail ?? (await startTestSmtp());
  const owned = options.database ? undefined : await createTestDatabase(kind);
  const database = options.database?.database ?? owned?.database;
  if (!database) throw new Error('no database');
  const port = options.listen ? await freePort() : 5000;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: mail.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    SUPER_ADMIN_SECRET: SUPER_ADMIN.secret,
    SUPER_ADMIN_LOGIN_PATH,
    DATA_DIR: '/tmp/ambassador-test-unused',
    LOG_LEVEL: 'silent',
    // Nothing in the tests reaches the internet: no drand relay unless a test starts its own (drand-relay.ts).
    DRAND_URLS: 'http://127.0.0.1:9',
    ...(options.database?.url ? { DATABASE_URL: options.database.url } : owned?.url ? { DATABASE_URL: owned.url } : {}),
    ...options.env,
  });
  const server = await startServer(config, {
    clock,
    database,
    logger: options.logStream ? { ...(loggerOptions('info') as object), stream: options.logStream } : options.logger ? undefined : false,
    outboxPollMs: 100,
    seasonsEveryMs: options.seasonsEveryMs ?? 0,
    termsAtStart: options.termsAtStart ?? false,
    anchorEveryMs: options.anchorEveryMs ?? 0,
  });
  if (options.listen) await server.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    origin: url,
    app: server.app,
    ctx: server.ctx,
    database,
    db: database.db,
    clock,
    mail,
    config,
    kind,
    flushEmail: () => server.ctx.outbox.drain(),
    async close() {
      await server.close();
      if (!options.mail) await mail.close();
      await owned?.drop();
    },
  };
}
