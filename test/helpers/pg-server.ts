/**
 * A PostgreSQL server's databases, for the tests and the bench: each makes databases of its own on the
 * server it is given (TEST_DATABASE_URL, BENCH_DATABASE_URL) and drops them after.
 */
import pg from 'pg';

/** Runs `fn` with a client connected to `serverUrl` (a database that stays: postgres), and closes it. */
export async function withPgClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the database `name` on the server of `serverUrl` (a copy of `template` when given) and answers its URL. */
export async function createPgDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  await withPgClient(serverUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the database `name`, closing whatever connections it still has. */
export async function dropPgDatabase(serverUrl: string, name: string): Promise<void> {
  await withPgClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}
