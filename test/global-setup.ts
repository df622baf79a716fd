/**
 * Once before the suite: the pages are built when browser tests need them, the PGlite template is
 * built (for the tests' in-memory databases, and into dist/ for the product's own processes), and a
 * configured PostgreSQL is checked to answer and given the migrated template database every test
 * database is copied from (test/helpers/database.ts).
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createPgDatabase, dropPgDatabase, withPgClient } from './helpers/pg-server.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const { BUILD_TEMPLATE_DIR, buildTemplate, buildTemplateDataDir, migrationsHash, templateFile } = await import('../src/server/db/pglite-template.ts');
  const { TEST_TEMPLATE_DIR, dropRunPgDatabases } = await import('./helpers/database.ts');
  if (url) {
    try {
      await withPgClient(url, (client) => client.query('select 1'));
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${String(error)}`, { cause: error });
    }
    project.provide('pgTemplate', await pgTemplate(url, `amb_template_${migrationsHash()}`));
  }
  // This run's databases are named by it, so the end of the run drops its own and no other run's.
  const run = randomBytes(4).toString('hex');
  project.provide('testRun', run);
  const dump = await buildTemplate(TEST_TEMPLATE_DIR);
  // The product's own processes (test/helpers/product-process.ts) start as `npm start` does after a build: a
  // new DATA_DIR is a copy of dist/'s template directory (ADR 008), not PGlite's initdb and every migration,
  // seconds of CPU for each of the suite's new directories. The same dump, so no second initdb.
  const built = templateFile(BUILD_TEMPLATE_DIR);
  if (!existsSync(built)) {
    mkdirSync(BUILD_TEMPLATE_DIR, { recursive: true });
    copyFileSync(dump, `${built}.${process.pid}.partial`);
    renameSync(`${built}.${process.pid}.partial`, built);
  }
  await buildTemplateDataDir(BUILD_TEMPLATE_DIR);
  const builder = new URL('./e2e/build-client.ts', import.meta.url);
  if (existsSync(builder)) {
    const { buildClientIfStale } = (await import(builder.href)) as { buildClientIfStale: () => Promise<void> };
    await buildClientIfStale();
  }
  return async () => {
    if (url) await dropRunPgDatabases(url, run);
  };
}

/**
 * The migrated database named `name` (by the migrations' hash), made unless it is there (another
 * checkout's, of other migrations, is left alone). Nothing connects to it after: `CREATE DATABASE …
 * TEMPLATE` needs that.
 */
async function pgTemplate(serverUrl: string, name: string): Promise<string> {
  const { rows } = await withPgClient(serverUrl, (client) => client.query<{ datname: string }>(`select datname from pg_database where datname = $1`, [name]));
  if (rows.some((row) => row.datname === name)) return name;
  const partial = `${name}_partial`;
  await dropPgDatabase(serverUrl, partial);
  const { openDatabase } = await import('../src/server/db/client.ts');
  const database = await openDatabase({ databaseUrl: await createPgDatabase(serverUrl, partial), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // Made under another name and renamed when whole, so a run stopped half-way leaves no half-made template.
  await withPgClient(serverUrl, (client) => client.query(`alter database ${partial} rename to ${name}`));
  return name;
}
