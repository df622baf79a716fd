/**
 * A describe block run once on each database kind (DATABASE_KINDS) against a server of its own,
 * started before its tests with the super admin signed in, and closed after them. The block gets
 * the server and the super admin's client at once and uses them in its hooks and tests, by when
 * they are up: its own `beforeAll` runs after the server has started.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { ApiClient } from './client.ts';
import { DATABASE_KINDS, type DatabaseKind } from './database.ts';
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
    const server = { kind } as TestServer;
    const superAdmin = new ApiClient(server);
    beforeAll(async () => {
      Object.assign(server, await startTestServer({ ...(typeof options === 'function' ? options() : options), kind }));
      await superAdmin.superAdminLogin();
    });
    afterAll(async () => server.close?.());
    body({ kind, server, superAdmin });
  });
}
