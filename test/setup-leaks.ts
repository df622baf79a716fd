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
  /**
   * A timer function that keeps its timers in `state.live` while they can still fire: every interval, and
   * the timeouts of a second or more (the short ones are the tests' own waits), until they fire.
   */
  const tracking = <T extends typeof setInterval | typeof setTimeout>(original: T, kind: Tracked['kind'], minMs: number): T =>
    ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const tracked: Tracked | undefined = (ms ?? 0) >= minMs ? { stack: `${ms}ms ${where()}`, file: state.file, fires: 0, kind } : undefined;
      const timer = (original as typeof setTimeout)(
        (...a: unknown[]) => {
          if (tracked) {
            tracked.fires += 1;
            if (kind === 'timeout') state.live.delete(timer);
          }
          callback(...a);
        },
        ms,
        ...args,
      );
      if (tracked) state.live.set(timer, tracked);
      return timer;
    }) as T;
  const forgetting = <T extends typeof clearInterval | typeof clearTimeout>(original: T): T =>
    ((timer: Parameters<typeof clearTimeout>[0]) => {
      state.live.delete(timer);
      (original as typeof clearTimeout)(timer);
    }) as T;
  globalThis.setInterval = tracking(originalSetInterval, 'interval', 0);
  globalThis.clearInterval = forgetting(originalClearInterval);
  globalThis.setTimeout = tracking(originalSetTimeout, 'timeout', 1000);
  globalThis.clearTimeout = forgetting(originalClearTimeout);
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
