/**
 * `npm test`: `vitest run` with the arguments given, and one more run of the files whose worker V8
 * killed (test/runner/worker-crashes.ts says which, and why only those). Everything else, a
 * failed test above all, fails the run as vitest says.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCLI } from 'vitest/node';
import { filesToRunAgain, type RunReport } from '../test/runner/worker-crashes.ts';

const VITEST = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');

async function vitest(args: string[], reportPath: string): Promise<number> {
  const child = spawn(VITEST, ['run', ...args], { stdio: 'inherit', env: { ...process.env, TEST_RUN_REPORT: reportPath } });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}

function readReport(path: string): RunReport | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as RunReport;
  } catch {
    return undefined;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'test-run-'));
try {
  const args = process.argv.slice(2);
  let code = await vitest(args, join(dir, 'first.json'));
  const report = code === 0 ? undefined : readReport(join(dir, 'first.json'));
  const again = report ? filesToRunAgain(report) : [];
  if (again.length) {
    // The same options (a config, a reporter), but only the crashed files.
    const filters = parseCLI(['vitest', 'run', ...args]).filter;
    const options = args.filter((arg) => !filters.includes(arg));
    console.log(`\n== A test worker was killed by V8 itself (nodejs/node#64500), not by a failed test: running ${again.join(', ')} once more\n`);
    code = await vitest([...options, ...again], join(dir, 'again.json'));
  }
  process.exitCode = code;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
