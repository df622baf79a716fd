/**
 * Preloaded into every product process a test starts (product-process.ts, `node --import`): when the test's
 * worker is gone (a run stopped with SIGKILL, a worker V8 killed), the process stops as an orchestrator would stop
 * it (SIGTERM), instead of serving on for the rest of the machine's life with its pollers running (docs/testing.md,
 * the eighth session). Its timer never holds the process open.
 */
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1_000).unref();
