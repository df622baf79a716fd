/**
 * The product's own processes as an operator starts them, for the tests of the process itself (start,
 * signals, the data directory's lock, backups): one node process with the tsx loader, so signals and
 * the pid are the server's own, its output kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validApplication } from './factories.ts';

export const MAIN = path.resolve('src/server/main.ts');

export interface Spawned {
  child: ChildProcess;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** What it has written to stdout and stderr so far. */
  output(): string;
}

/**
 * V8's baseline WebAssembly compiler only, for these short-lived processes: PGlite's Postgres is a large
 * WebAssembly module, and V8's optimising tier recompiled its hot functions on background threads for
 * seconds of CPU a start and held up each exit for 2 to 3 s more (docs/testing.md, the seventh session).
 * The same code runs, so the same answers; a long-running server is where the optimising tier pays.
 */
export const NODE_FLAGS = ['--liftoff-only'];

/** Stops a process whose test worker has gone (a killed run): it would otherwise serve on, orphaned (exit-with-parent.ts). */
const EXIT_WITH_PARENT = pathToFileURL(path.resolve('test/helpers/exit-with-parent.ts')).href;

/** `script` (the server by default) with `args`, in `env` (pass `{ ...process.env, … }` to inherit); `preload`: more modules for `node --import`. */
export function spawnScript(env: NodeJS.ProcessEnv, script = MAIN, args: string[] = [], preload: string[] = []): Spawned {
  const imports = ['tsx', EXIT_WITH_PARENT, ...preload].flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, [...NODE_FLAGS, ...imports, script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Stops it as an orchestrator does (SIGTERM); its exit code, 0 for a clean stop. */
export function stopProcess(started: Pick<Spawned, 'child' | 'exited'>): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exited;
}

/** What a failed test left running goes (SIGKILL); a process that has exited is left as it is. */
export function killIfRunning(started: Pick<Spawned, 'child'>): void {
  if (started.child.exitCode === null) started.child.kill('SIGKILL');
}

/** A verifier as a sceptic runs it (`npm run verify-draw|verify-log -- …`): its exit code and all it printed. */
export async function runVerifier(script: 'verify-draw' | 'verify-log', args: string[]): Promise<{ code: number | null; output: string }> {
  const started = spawnScript(process.env, path.resolve(`scripts/${script}.ts`), args);
  const code = await started.exited;
  return { code, output: started.output() };
}

/**
 * Polls until `url` answers `status` (connection refused counts as not yet). Waiting for 0, a refused
 * connection, a process that has exited will do; waiting for anything else, its exit fails the wait.
 */
export async function waitForStatus(started: Pick<Spawned, 'child' | 'output'>, url: string, status: number): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (started.child.exitCode !== null) {
      if (status === 0) return;
      throw new Error(`the server exited with ${started.child.exitCode}: ${started.output()}`);
    }
    const answered = await fetch(url)
      .then(async (r) => (await r.text(), r.status))
      .catch(() => 0);
    if (answered === status) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer ${status}`);
}

/** An application sent as the browser sends it; the answer's status. */
export async function applyOver(base: string, email: string): Promise<number> {
  const response = await fetch(`${base}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(validApplication({ email })),
  });
  await response.text();
  return response.status;
}

/** A server's environment on this machine, at `port` on loopback (APP_URL to match), in development, over this process's; `env` over that. */
export function localEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, DATABASE_URL: '', ...env };
}
