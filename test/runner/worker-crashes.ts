/**
 * A test file whose worker process V8 itself killed (a fatal CHECK, SIGTRAP/SIGSEGV) is run once
 * more, and only then. The crash is V8's, not ours: its JIT-page registry loses track under
 * PGlite's WebAssembly churn (nodejs/node#64500: `Check failed: jit_page_->allocations_.erase(addr)
 * == 1`), seen about once in seven whole runs on Node 24, in a different file each time. A failed
 * test, an exit code, an error of any other kind, or a crash in a file that also failed is never
 * run again: this module decides, from what the run reported, which files (if any) to run again.
 */

/** The signals by which V8 or the C runtime end a process that hit an internal fault. */
const FAULT_SIGNALS = new Set(['SIGTRAP', 'SIGSEGV', 'SIGABRT', 'SIGILL', 'SIGBUS']);

/** What `CrashReporter` writes at the end of a run. */
export interface RunReport {
  reason: string;
  /** Every unhandled error's message, its causes' messages joined with ' <- '. */
  unhandledErrors: string[];
  failedFiles: string[];
}

/** The fault signal and test files named by one unhandled error, or undefined when it is not a worker crash. */
export function workerCrash(message: string): { signal: string; files: string[] } | undefined {
  const match = /Worker exited unexpectedly with (?:exit code \S+ )?signal (SIG[A-Z]+) during \S+ state while running test files? (.+?)(?: <- |$)/.exec(
    message,
  );
  if (!match?.[1] || !match[2] || !FAULT_SIGNALS.has(match[1])) return undefined;
  return { signal: match[1], files: match[2].split(', ').filter(Boolean) };
}

/** The files to run once more: non-empty only when every problem of the run was a worker killed by a fault signal. */
export function filesToRunAgain(report: RunReport): string[] {
  if (report.reason !== 'failed' || report.unhandledErrors.length === 0) return [];
  const crashed = new Set<string>();
  for (const message of report.unhandledErrors) {
    const crash = workerCrash(message);
    if (!crash) return [];
    for (const file of crash.files) crashed.add(file);
  }
  if (report.failedFiles.some((file) => !crashed.has(file))) return [];
  return [...crashed];
}
