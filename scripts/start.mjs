#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources, then runs the
 * compiled server (migrations are applied by the server at start).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_SOURCES } from './client-sources.mjs';

// `npm start` runs the Node.js of the `node` dependency (first on npm scripts' PATH). Started any
// other way on an older Node.js, say so instead of failing somewhere deep (docs/decisions/011).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`This product needs Node.js 22.12 or newer (24 LTS is installed by npm ci); this is ${process.version}. Run it with \`npm start\`.`);
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    latest = Math.max(latest, newest(path.join(entry, name)));
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newest(source) > built);
}

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale('dist/client/index.html', CLIENT_SOURCES)) run('build:client');
if (stale('dist/server/main.js', ['src/server', 'src/shared', 'drizzle', 'tsconfig.build.json'])) run('build:server');

await import(path.join(root, 'dist/server/main.js'));
