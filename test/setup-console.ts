/** A test that prints console.error has hidden a bug: fail it. */
import { afterEach, vi } from 'vitest';

/**
 * The worker keeps its modules from one test file to the next (vitest.config.ts, `isolate: false`)
 * and runs this file before each: console.error is wrapped once per worker, not once more per file.
 */
const WRAPPED = Symbol.for('ambassador-tests.console-errors');
type Wrapped = typeof console.error & { [WRAPPED]?: unknown[][] };

let errors = (console.error as Wrapped)[WRAPPED];
if (!errors) {
  const seenErrors: unknown[][] = [];
  const original = console.error;
  const wrapped: Wrapped = (...args: unknown[]) => {
    seenErrors.push(args);
    original(...args);
  };
  wrapped[WRAPPED] = seenErrors;
  console.error = wrapped;
  errors = seenErrors;
}
const seen = errors;

afterEach(() => {
  const found = seen.splice(0);
  if (found.length) throw new Error(`console.error was called during the test:\n${found.map((a) => a.map(String).join(' ')).join('\n')}`);
});

export { vi };
