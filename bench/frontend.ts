/**
 * Front-end figures: the JavaScript the landing page loads before it can show
 * anything (gzip), from the client it builds. Lighthouse is reported as not
 * measured when no Lighthouse that runs on this Node can be fetched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import { landingPageInitialJs, type InitialJs } from '../scripts/initial-js.ts';

export type FrontendFigures =
  | { skipped: string }
  | {
      initialJs: InitialJs | { skipped: string };
      lighthouse: LighthouseFigures;
    };

export async function measureFrontend(log: (line: string) => void): Promise<FrontendFigures> {
  // Always the current code: build the pages and the server (Lighthouse runs dist/server/main.js), as a fresh clone needs.
  log('front-end: building the pages and the server (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) return { skipped: 'npm run build failed' };
  const clientDir = path.join(ROOT, 'dist/client');
  const initialJs = existsSync(path.join(clientDir, 'index.html'))
    ? landingPageInitialJs(clientDir)
    : { skipped: 'the client is not built (npm run build:client)' };
  if ('gzipBytes' in initialJs) log(`front-end: landing page initial JS ${(initialJs.gzipBytes / 1024).toFixed(1)} kB gzip in ${initialJs.files.length} files`);
  const { measureLighthouse } = await import('./lighthouse.ts');
  const lighthouse = await measureLighthouse(log);
  return { initialJs, lighthouse };
}
