/** Harness plumbing: child servers, autocannon runs, small statistics. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Child {
  port: number;
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a TypeScript server file in its own process (so the load generator does not share its event loop); resolves once it prints READY <port>. */
export async function startChild(
  file: string,
  env: Record<string, string> = {},
  timeoutMs = 600_000,
  /** What the child prints once it listens, with its port as the first group (default READY <port>). */
  ready: RegExp = /READY (\d+)/,
  /** Called with every chunk the child writes to stdout after it is ready (the product's log lines). */
  onOutput?: (chunk: Buffer) => void,
): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, file)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start in ${timeoutMs} ms\n${stderr}`)), timeoutMs);
    let out = '';
    let started = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      // Once ready, the output is only counted (a product logging every request writes hundreds of MB).
      if (started) return onOutput?.(chunk);
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) {
        started = true;
        out = '';
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code}\n${stderr}`));
    });
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    stop: () => stopProcess(child),
  };
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  connections: number;
  seconds: number;
  /** CPU the server process used during the run, in cores (1 = one core busy all the time), when its pid was given. */
  serverCores?: number;
  /**
   * Server CPU (user + system, /proc/<pid>/stat) per request served, in microseconds, when its pid was
   * given: unlike req/s it holds when other work shares the machine, so ratios of it are the headline.
   */
  cpuUsPerRequest?: number;
  /** Answers by status code, when any was not 2xx. */
  byStatus?: Record<string, number>;
  /**
   * With `exactLatency`: the percentiles of every answer's own time, in hundredths of a ms (autocannon's histogram
   * keeps whole milliseconds, too coarse where the whole p99 is 2 ms).
   */
  exact?: { p50: number; p99: number; p999: number };
}

export interface LoadOptions {
  url: string;
  connections?: number;
  seconds?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second over all connections (a probe), instead of as fast as possible. */
  overallRate?: number;
  /** Varies each request (sign-ins with many accounts). */
  requests?: autocannon.Request[];
  /** The server's process id: its CPU time is sampled around the run (Linux /proc). */
  serverPid?: number | undefined;
  /** Keep each answer's time for `exact` percentiles (8 bytes an answer). */
  exactLatency?: boolean;
}

/** User plus system CPU seconds of a process so far, from /proc (undefined where there is none). */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 100;
  const seconds = options.seconds ?? 10;
  const cpuBefore = cpuSeconds(options.serverPid);
  const started = performance.now();
  const instance = autocannon({
    url: options.url,
    connections,
    duration: seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    overallRate: options.overallRate,
    requests: options.requests,
    timeout: 30,
  }) as Promise<autocannon.Result> & NodeJS.EventEmitter; // without a callback: the running instance, also a promise of its result
  const times: number[] = [];
  // Each answer's time in ms, as autocannon measures it (process.hrtime), before its histogram rounds it.
  if (options.exactLatency) instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await instance;
  const cpuAfter = cpuSeconds(options.serverPid);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    ...(cpu !== undefined ? { serverCores: round(cpu / elapsed) } : {}),
    ...(cpu !== undefined && result.requests.total > 0 ? { cpuUsPerRequest: round((cpu * 1e6) / result.requests.total, 1) } : {}),
    ...(result.non2xx > 0
      ? {
          byStatus: Object.fromEntries(
            Object.entries((result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([k, v]) => [k, v.count]),
          ),
        }
      : {}),
    ...(times.length ? { exact: { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), p999: round(percentile(times, 99.9)) } } : {}),
    rps: round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    connections,
    seconds,
  };
}

/** A short unmeasured run so JIT, pools and caches are warm before the measured one. */
export async function warm(url: string, seconds = 2, extra: Partial<LoadOptions> = {}): Promise<void> {
  await load({ url, connections: 20, seconds, ...extra });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Times an async function `runs` times after `warmup` unmeasured runs; milliseconds. */
export async function timeIt(fn: () => Promise<unknown>, runs = 50, warmup = 5): Promise<{ median: number; p99: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return { median: round(median(times), 3), p99: round(percentile(times, 99), 3) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
