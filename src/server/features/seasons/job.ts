/**
 * The seasons job (DECISIONS §5, protocol 2): on every instance, at start and then every
 * SEASONS_JOB_EVERY_MS, fix the terms of the running (and, just before it, the next) month, freeze
 * the months that ended and close those whose drand round is out. Each step is exactly once across
 * instances by itself (service.ts), so instances need not take turns; a round never overlaps the
 * previous one of the same instance.
 */
import type { AppContext } from '../../context.ts';
import { runSeasonsJob } from './service.ts';

/** At least every minute (DECISIONS §5): the freeze comes within a minute of the month's end. */
export const SEASONS_JOB_EVERY_MS = 30_000;

export function startSeasonsJob(ctx: AppContext, everyMs = SEASONS_JOB_EVERY_MS, onFrozenOrClosed?: () => void): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runSeasonsJob(ctx)
      .then((run) => {
        if (run.frozen.length || run.closed.length) {
          ctx.log.info(run, 'seasons: months frozen or closed');
          // The log's head is anchored as soon as a month freezes or closes (when anchoring is on).
          onFrozenOrClosed?.();
        }
      })
      .catch((error: unknown) => ctx.log.error({ err: error instanceof Error ? error.message : String(error) }, 'seasons job failed; it runs again shortly'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = everyMs > 0 ? setInterval(tick, everyMs) : undefined;
  timer?.unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
