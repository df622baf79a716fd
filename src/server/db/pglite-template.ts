/**
 * A new embedded database starts from a template instead of running initdb:
 * PGlite's initdb takes seconds, while loading a dump of an initialised and
 * migrated data directory takes a fraction of that. The template is a build
 * artifact (never committed), named by a hash of the migrations, so a template
 * of other migrations is simply not found and the database is made the slow way.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const MIGRATIONS = fileURLToPath(new URL('../../../drizzle', import.meta.url));
/** Where `npm run build:server` puts the template for `npm start`. */
export const BUILD_TEMPLATE_DIR = fileURLToPath(new URL('../../../dist', import.meta.url));

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

export function templateFile(dir: string): string {
  return path.join(dir, `pglite-template-${migrationsHash()}.tar.gz`);
}

/** The template for the current migrations in `dir`, if one was built. */
export function findTemplate(dir: string): Blob | undefined {
  const file = templateFile(dir);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** A data directory that has never been initialised (no PG_VERSION yet). */
export function isNewDataDir(dir: string): boolean {
  return !existsSync(path.join(dir, 'PG_VERSION'));
}

/** Builds the template for the current migrations into `dir` (atomically) unless it is there. */
export async function buildTemplate(dir: string): Promise<string> {
  const file = templateFile(dir);
  if (existsSync(file)) return file;
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return file;
  } finally {
    await client.close();
  }
}
