/** Writes the end of a run (see worker-crashes.ts) to the file `TEST_RUN_REPORT` names, for scripts/test.ts. */
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';
import type { RunReport } from './worker-crashes.ts';

function messageOf(error: SerializedError | undefined, depth = 0): string {
  if (!error) return '';
  const cause = depth < 5 && error.cause && typeof error.cause === 'object' ? messageOf(error.cause as SerializedError, depth + 1) : '';
  return cause ? `${String(error.message)} <- ${cause}` : String(error.message);
}

export default class CrashReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    const path = process.env.TEST_RUN_REPORT;
    if (!path) return;
    const report: RunReport = {
      reason,
      unhandledErrors: unhandledErrors.map((error) => messageOf(error)),
      failedFiles: testModules.filter((module) => module.state() === 'failed').map((module) => module.moduleId),
    };
    writeFileSync(path, JSON.stringify(report));
  }
}
