/**
 * Cold start of the compiled server (what `npm start` runs) on a new embedded
 * database, and reopen of the same one: from spawning the process to the first
 * 200 of /healthz (liveness: the port is open, ADR 008), and of /readyz (the
 * database is open and migrated and the app serves).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../test/helpers/ports.ts';
import os from 'node:os';
import path from 'node:path';
import { ROOT, median, round, stopProcess } from './lib.ts';

export interface StartTiming {
  healthzMs: number;
  readyzMs: number;
}

export interface ColdStartFigures {
  cold: StartTiming;
  reopen: StartTiming[];
  reopenMedian: StartTiming;
  command: string;
}

async function startOnce(dataDir: string): Promise<StartTiming> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SUPER_ADMIN_EMAIL: 'super@bench.example',
      SUPER_ADMIN_PASSWORD: 'SuperBench123!',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  let healthzMs = 0;
  let readyzMs = 0;
  try {
    while (!readyzMs) {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      if (performance.now() - started > 120_000) throw new Error(`server not ready in 120 s: ${stderr}`);
      for (const [route, set] of [
        ['/healthz', (ms: number) => (healthzMs ||= ms)],
        ['/readyz', (ms: number) => (readyzMs ||= ms)],
      ] as const) {
        if (route === '/healthz' ? healthzMs : readyzMs) continue;
        try {
          const response = await fetch(`http://127.0.0.1:${port}${route}`);
          if (response.status === 200) set(round(performance.now() - started, 0));
        } catch {
          // not listening yet
        }
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await stopProcess(child);
  }
  return { healthzMs, readyzMs };
}

export async function measureColdStart(log: (line: string) => void): Promise<ColdStartFigures | { skipped: string }> {
  log('cold start: building the server as npm start does');
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0 || !existsSync(path.join(ROOT, 'dist/server/main.js'))) return { skipped: 'npm run build:server failed' };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ambassador-coldstart-'));
  try {
    const cold = await startOnce(dataDir);
    log(`  cold: /healthz ${cold.healthzMs} ms, /readyz ${cold.readyzMs} ms`);
    const reopen: StartTiming[] = [];
    for (let i = 0; i < 3; i++) reopen.push(await startOnce(dataDir));
    const reopenMedian = { healthzMs: median(reopen.map((r) => r.healthzMs)), readyzMs: median(reopen.map((r) => r.readyzMs)) };
    log(`  reopen (median of 3): /healthz ${reopenMedian.healthzMs} ms, /readyz ${reopenMedian.readyzMs} ms`);
    return { cold, reopen, reopenMedian, command: 'node dist/server/main.js (DATA_DIR new, then the same dir again)' };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
