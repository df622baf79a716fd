/**
 * Test databases: an in-memory PGlite, or a fresh PostgreSQL database per
 * test file when TEST_DATABASE_URL is set (dropped when the file ends).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { createPgDatabase, dropPgDatabase } from './pg-server.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Built once by test/global-setup.ts: each test database starts from it instead of a slow initdb. */
export const TEST_TEMPLATE_DIR = path.resolve('node_modules/.cache/ambassador-tests');

export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/** The kinds a suite runs on: always PGlite, PostgreSQL too when configured. */
export const DATABASE_KINDS: DatabaseKind[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** For PostgreSQL: the URL of this file's own database. */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ inMemory: true, templateDir: TEST_TEMPLATE_DIR });
    return { database, url: undefined, drop: () => database.close() };
  }
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `amb_test_${randomBytes(6).toString('hex')}`;
  const url = await createPgDatabase(POSTGRES_URL, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: options.poolSize ?? 20 });
  return {
    database,
    url,
    async drop() {
      await database.close().catch(() => undefined);
      await dropPgDatabase(POSTGRES_URL, name);
    },
  };
}
