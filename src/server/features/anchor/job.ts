/**
 * The anchor job (DECISIONS §7, Anchors on BSC): on every instance with anchoring on, at start and then
 * every ANCHOR_JOB_EVERY_MS, and at once after the seasons job froze or closed a month (`kick`). A node
 * that cannot be reached is logged and tried again on the next run; nothing else waits for it.
 */
import type { AppContext } from '../../context.ts';
import { runAnchorJob } from './service.ts';

export const ANCHOR_JOB_EVERY_MS = 30_000;

export function startAnchorJob(ctx: AppContext, everyMs = ANCHOR_JOB_EVERY_MS): { kick(): void; stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runAnchorJob(ctx)
      .then((run) => {
        if (run.sent !== undefined || run.anchored.length) ctx.log.info(run, 'anchor: the public log anchored on chain');
      })
      .catch((error: unknown) =>
        ctx.log.warn({ err: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'anchor job failed (the node?); it runs again shortly'),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  tick();
  const timer = everyMs > 0 ? setInterval(tick, everyMs) : undefined;
  timer?.unref();
  return {
    kick: tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
