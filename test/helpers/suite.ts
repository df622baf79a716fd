/**
 * A describe block run once on each database kind (DATABASE_KINDS) against a server of its own
 * (blockServer), started before its tests with the super admin signed in, and closed after them.
 * The block gets the server and the super admin's client at once and uses them in its hooks and
 * tests, by when they are up: its own `beforeAll` runs after the server has started.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { ApiClient } from './client.ts';
import { DATABASE_KINDS, createTestDatabase, type DatabaseKind, type TestDatabase } from './database.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export interface ServerSuite {
  readonly kind: DatabaseKind;
  /** Filled in when the block starts; closed when it ends. */
  readonly server: TestServer;
  /** Signed in as the super admin when the block starts. */
  readonly superAdmin: ApiClient;
}

type SuiteOptions = Omit<TestServerOptions, 'kind'> | (() => Omit<TestServerOptions, 'kind'>);

/** `options`: the server's, but its database kind; a function when each database wants its own (a clock the tests move). */
export function describeEachDatabase(title: string, body: (suite: ServerSuite) => void): void;
export function describeEachDatabase(title: string, options: SuiteOptions, body: (suite: ServerSuite) => void): void;
export function describeEachDatabase(title: string, ...rest: [(suite: ServerSuite) => void] | [SuiteOptions, (suite: ServerSuite) => void]): void {
  const [options, body] = rest.length === 1 ? [{}, rest[0]] : rest;
  describe.each(DATABASE_KINDS)(title, (kind) => {
    const server = blockServer(() => ({ ...(typeof options === 'function' ? options() : options), kind }));
    const superAdmin = new ApiClient(server);
    beforeAll(async () => {
      await superAdmin.superAdminLogin();
    });
    body({ kind, server, superAdmin });
  });
}

/**
 * The enclosing describe block's own server: started before its tests (before the block's own
 * `beforeAll` hooks that come after this call) and closed after them. The object is returned at
 * once and fills in when the server is up.
 */
export function blockServer(options: TestServerOptions | (() => TestServerOptions) = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => server.close?.());
  return server;
}

/**
 * Two instances of the product on one PostgreSQL database, as two processes behind one address would
 * be: each with its own connections (LISTEN included) and caches, one mail server for both (either
 * outbox may send). Started before the block's tests, closed and the database dropped after them.
 */
export function twoInstances(options: Pick<TestServerOptions, 'listen'> = {}): { readonly first: TestServer; readonly second: TestServer } {
  const first = {} as TestServer;
  const second = {} as TestServer;
  let shared: TestDatabase | undefined;
  beforeAll(async () => {
    shared = await createTestDatabase('postgres');
    Object.assign(first, await startTestServer({ ...options, kind: 'postgres', database: shared }));
    const database = await openDatabase({ databaseUrl: shared.url });
    Object.assign(second, await startTestServer({ ...options, kind: 'postgres', database: { database, url: shared.url }, mail: first.mail }));
  });
  afterAll(async () => {
    await second.close?.();
    await second.database?.close();
    await first.close?.();
    await shared?.drop();
  });
  return { first, second };
}
