/**
 * `npm test` (scripts/test.ts) runs a file again once when V8 killed its worker, and never
 * otherwise: the fixtures crash their worker with SIGTRAP as V8's fatal CHECK does, or fail.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesToRunAgain, workerCrash } from './worker-crashes.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function npmTest(fixture: string): Promise<{ code: number; output: string; runs: number }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('VITEST') && key !== 'TEST_RUN_REPORT') env[key] = value;
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/test.ts', '--config', 'test/runner/fixtures/vitest.config.ts'], {
    cwd: ROOT,
    env: { ...env, FIXTURE: fixture, FIXTURE_MARKER: join(dir, fixture), NO_COLOR: '1' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.on('exit', (exit) => resolve(exit ?? 1)));
  return { code, output, runs: output.split(' RUN ').length - 1 };
}

describe('npm test', () => {
  it('runs a file once more when V8 killed its worker, and passes when it then passes', async () => {
    const run = await npmTest('crash-once');
    expect(existsSync(join(dir, 'crash-once'))).toBe(true);
    expect(run.output).toContain('Worker exited unexpectedly with signal SIGTRAP');
    expect(run.output).toContain('running');
    expect(run.runs).toBe(2);
    expect(run.code, run.output).toBe(0);
  });

  it('runs it only once more, and fails when it crashes again', async () => {
    const run = await npmTest('crash-always');
    expect(run.runs).toBe(2);
    expect(run.code).not.toBe(0);
  });

  it('never runs a failed test again', async () => {
    const run = await npmTest('fail');
    expect(run.runs).toBe(1);
    expect(run.code).not.toBe(0);
  });
});

describe('which files are run again', () => {
  const ciCrash =
    '[vitest-pool]: Worker forks emitted error. <- Worker exited unexpectedly with signal SIGTRAP during started state while running test file /check/work/main/test/api/operator-doors.test.ts';

  it('reads the file and the signal from the pool’s error', () => {
    expect(workerCrash(ciCrash)).toEqual({ signal: 'SIGTRAP', files: ['/check/work/main/test/api/operator-doors.test.ts'] });
    expect(workerCrash('Worker exited unexpectedly with signal SIGSEGV during started state while running test files /a.test.ts, /b.test.ts')?.files).toEqual([
      '/a.test.ts',
      '/b.test.ts',
    ]);
    // An exit code, SIGKILL (the kernel's OOM killer, a leak of ours) or SIGTERM is not V8's fault.
    expect(workerCrash('Worker exited unexpectedly with exit code 1 during started state while running test file /a.test.ts')).toBeUndefined();
    expect(workerCrash('Worker exited unexpectedly with signal SIGKILL during started state while running test file /a.test.ts')).toBeUndefined();
    expect(workerCrash('Worker exited unexpectedly with signal SIGTERM during started state while running test file /a.test.ts')).toBeUndefined();
  });

  it('runs again only when every problem was such a crash', () => {
    const file = '/check/work/main/test/api/operator-doors.test.ts';
    expect(filesToRunAgain({ reason: 'failed', unhandledErrors: [ciCrash], failedFiles: [] })).toEqual([file]);
    expect(filesToRunAgain({ reason: 'failed', unhandledErrors: [ciCrash], failedFiles: [file] })).toEqual([file]);
    expect(filesToRunAgain({ reason: 'failed', unhandledErrors: [ciCrash], failedFiles: ['/other.test.ts'] })).toEqual([]);
    expect(filesToRunAgain({ reason: 'failed', unhandledErrors: [ciCrash, 'TypeError: x is undefined'], failedFiles: [] })).toEqual([]);
    expect(filesToRunAgain({ reason: 'failed', unhandledErrors: [], failedFiles: ['/a.test.ts'] })).toEqual([]);
    expect(filesToRunAgain({ reason: 'interrupted', unhandledErrors: [ciCrash], failedFiles: [] })).toEqual([]);
  });
});
