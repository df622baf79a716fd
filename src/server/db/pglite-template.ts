/**
 * A new embedded database starts from a template instead of running initdb:
 * PGlite's initdb takes seconds. The template is a build artifact (never
 * committed), named by a hash of the migrations, so a template of other
 * migrations is simply not found and the database is made the slow way.
 *
 * It comes in two forms: a gzip dump that PGlite loads (in-memory databases,
 * the tests), and a data directory, shut down cleanly, that a new directory on
 * disk is a plain file copy of: copying is much faster than PGlite unpacking
 * the dump through its virtual file system (ADR 006, ADR 008).
 *
 * PGlite and drizzle are imported only when a template is built.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  constants,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS = fileURLToPath(new URL('../../../drizzle', import.meta.url));
/** Where `npm run build:server` puts the template for `npm start`. */
export const BUILD_TEMPLATE_DIR = fileURLToPath(new URL('../../../dist', import.meta.url));

/** A hash of the migrations: names what was built from them. */
export function migrationsHash(): string {
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

/** The template as a data directory (see buildTemplateDataDir). */
export function templateDataDir(dir: string): string {
  return path.join(dir, `pglite-template-${migrationsHash()}`);
}

/** The template for the current migrations in `dir`, if one was built. */
export function findTemplate(dir: string): Blob | undefined {
  const file = templateFile(dir);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Makes a database directory its owner's alone: directories 0700, files 0600. PGlite sets modes
 * itself, by its own umask (022) whatever the process's: the files of initdb and of a loaded dump
 * are 0666 (and a copy of the template keeps its modes), pg_internal.init is rewritten 0644.
 */
export function makePrivate(root: string): void {
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
    // A directory after its content, so a private root means a finished walk.
    const mode = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o7777) !== mode) chmodSync(entry, mode);
  };
  walk(root);
}

/** A data directory that has never been initialised (no PG_VERSION yet). */
export function isNewDataDir(dir: string): boolean {
  return !existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Makes `target` a copy of the template data directory in `dir`, when one was built and `target`
 * is new: it does not exist or is empty. The copy is made beside it and renamed into place, so a
 * start stopped half-way leaves no half-made database. Answers whether it did.
 */
export function seedFromTemplate(dir: string, target: string): boolean {
  const template = templateDataDir(dir);
  if (!isNewDataDir(target) || isNewDataDir(template)) return false;
  const partial = `${target}.${process.pid}.partial`;
  try {
    // A copy-on-write clone where the file system can, a plain copy where not.
    cpSync(template, partial, { recursive: true, mode: constants.COPYFILE_FICLONE });
    makePrivate(partial);
    if (existsSync(target)) rmdirSync(target);
    renameSync(partial, target);
    return true;
  } catch {
    // Not empty (a start from before), or the copy failed: PGlite loads the dump instead.
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
}

async function loadPglite() {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return { PGlite, extensions: { pg_trgm } };
}

/** Builds the template dump for the current migrations into `dir` (atomically) unless it is there. */
export async function buildTemplate(dir: string): Promise<string> {
  const file = templateFile(dir);
  if (existsSync(file)) return file;
  const [{ PGlite, extensions }, { drizzle }, { migrate }] = await Promise.all([
    loadPglite(),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = new PGlite({ extensions });
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

/** Builds the template data directory from the dump (building that first if needed), unless it is there. */
export async function buildTemplateDataDir(dir: string): Promise<string> {
  const target = templateDataDir(dir);
  if (!isNewDataDir(target)) return target;
  const dump = new Blob([readFileSync(await buildTemplate(dir))]);
  const { PGlite, extensions } = await loadPglite();
  const partial = `${target}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const client = new PGlite({ dataDir: partial, loadDataDir: dump, extensions });
  await client.waitReady;
  // A clean shutdown, so a copy starts without recovery.
  await client.close();
  // A template others could write to would be every new database's content.
  makePrivate(partial);
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  return target;
}
