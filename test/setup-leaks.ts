/**
 * Diagnosis only (TEST_LEAKS=DIR): what each test file leaves running in its worker. After each file, one
 * JSON line to DIR/<pid>.jsonl: the worker's CPU during the file and in the half second after it (an idle
 * worker uses none), the intervals still set (where they were set, how often they fired), the active
 * resources, and the worker's child processes.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

interface Tracked {
  stack: string;
  file: string;
  fires: number;
  kind: 'interval' | 'timeout';
}
interface State {
  live: Map<unknown, Tracked>;
  file: string;
  cpuAtStart: NodeJS.CpuUsage;
  wallAtStart: number;
  cpuAtLastEnd: NodeJS.CpuUsage | undefined;
  wallAtLastEnd: number;
}

const KEY = Symbol.for('ambassador-tests.leaks');
const dir = process.env.TEST_LEAKS;
const global = globalThis as { [KEY]?: State };

function install(): State {
  const state: State = { live: new Map(), file: '', cpuAtStart: process.cpuUsage(), wallAtStart: Date.now(), cpuAtLastEnd: undefined, wallAtLastEnd: 0 };
  const originalSetInterval = globalThis.setInterval;
  const originalClearInterval = globalThis.clearInterval;
  const originalSetTimeout = globalThis.setTimeout;
  const originalClearTimeout = globalThis.clearTimeout;
  const where = () =>
    (new Error().stack ?? '')
      .split('\n')
      .slice(3)
      .filter((line) => !line.includes('node_modules') && !line.includes('node:'))
      .slice(0, 4)
      .map((line) => line.trim().replace(/^at /, '').replace(process.cwd(), ''))
      .join(' < ');
  globalThis.setInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const tracked: Tracked = { stack: `${ms}ms ${where()}`, file: state.file, fires: 0, kind: 'interval' };
    const timer = originalSetInterval(
      (...a: unknown[]) => {
        tracked.fires += 1;
        callback(...a);
      },
      ms,
      ...args,
    );
    state.live.set(timer, tracked);
    return timer;
  }) as typeof setInterval;
  globalThis.clearInterval = ((timer: Parameters<typeof clearInterval>[0]) => {
    state.live.delete(timer);
    originalClearInterval(timer);
  }) as typeof clearInterval;
  // Long timeouts only (a second or more): the short ones are the tests' own waits.
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const tracked: Tracked | undefined = (ms ?? 0) >= 1000 ? { stack: `${ms}ms ${where()}`, file: state.file, fires: 0, kind: 'timeout' } : undefined;
    timer = originalSetTimeout(
      (...a: unknown[]) => {
        if (tracked) state.live.delete(timer);
        callback(...a);
      },
      ms,
      ...args,
    );
    if (tracked) state.live.set(timer, tracked);
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
    state.live.delete(timer);
    originalClearTimeout(timer);
  }) as typeof clearTimeout;
  return state;
}

function descendants(): string[] {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const type = cmd.find((arg) => arg.startsWith('--type=')) ?? '';
      names.set(Number(entry), `${stat.slice(stat.indexOf('(') + 1, close)}${type ? ` ${type}` : ''} ${cmd.slice(-1)[0] ?? ''}`.slice(0, 80));
    } catch {
      // gone
    }
  }
  const found: string[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(names.get(child) ?? String(child));
        walk(child);
      }
    }
  };
  walk(process.pid);
  return found;
}

const ms = (usage: NodeJS.CpuUsage) => Math.round((usage.user + usage.system) / 1000);

if (dir) {
  mkdirSync(dir, { recursive: true });
  const state = (global[KEY] ??= install());
  beforeAll(() => {
    state.file = (expect.getState().testPath ?? '?').replace(`${process.cwd()}/`, '');
    const now = process.cpuUsage();
    const between = state.cpuAtLastEnd ? { cpuMs: ms(process.cpuUsage(state.cpuAtLastEnd)), wallMs: Date.now() - state.wallAtLastEnd } : undefined;
    state.cpuAtStart = now;
    state.wallAtStart = Date.now();
    for (const tracked of state.live.values()) tracked.fires = 0;
    appendFileSync(`${dir}/${process.pid}.jsonl`, `${JSON.stringify({ start: state.file, between })}\n`);
  });
  afterAll(async () => {
    const cpuMs = ms(process.cpuUsage(state.cpuAtStart));
    const wallMs = Date.now() - state.wallAtStart;
    const idleStart = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleCpuMs = ms(process.cpuUsage(idleStart));
    const resources: Record<string, number> = {};
    for (const name of process.getActiveResourcesInfo()) resources[name] = (resources[name] ?? 0) + 1;
    const live = [...state.live.values()].map((t) => `${t.kind} from ${t.file === state.file ? 'this file' : t.file}: fired ${t.fires} ${t.stack}`);
    const memory = Math.round(process.memoryUsage().rss / 2 ** 20);
    appendFileSync(
      `${dir}/${process.pid}.jsonl`,
      `${JSON.stringify({ file: state.file, cpuMs, wallMs, idleCpuMsPerHalfSecond: idleCpuMs, rssMiB: memory, resources, live, descendants: descendants() })}\n`,
    );
    state.cpuAtLastEnd = process.cpuUsage();
    state.wallAtLastEnd = Date.now();
  });
}
