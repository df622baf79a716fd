/**
 * Builds the pages (npm run build:client) when dist/client is missing or older
 * than any of its sources. Called once by test/global-setup.ts.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CLIENT_SOURCES } from '../../scripts/client-sources.mjs';

const run = promisify(execFile);
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const OUTPUT = join(ROOT, 'dist/client/index.html');
const SOURCES = CLIENT_SOURCES;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    // The guides are an output of the build, not a source of it.
    if (/^guide(\.[\w-]+)?\.pdf$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function clientIsStale(): boolean {
  if (!existsSync(OUTPUT)) return true;
  const built = statSync(OUTPUT).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built);
}

export async function buildClientIfStale(): Promise<void> {
  if (!clientIsStale()) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    await run(npm, ['run', 'build:client'], { cwd: ROOT, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } });
  } catch (error) {
    const detail = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run build:client failed:\n${detail.stdout ?? ''}\n${detail.stderr ?? ''}`, { cause: error });
  }
}
