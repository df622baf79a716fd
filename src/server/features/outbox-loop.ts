/**
 * The loop every outbox sender runs (webhooks, Telegram, Discord roles): it claims work, at most
 * `maxInFlight` items at once, and runs each; a finished item frees its slot and looks for more at
 * once, and a poll every `pollMs` finds work that became due meanwhile (or that another instance let
 * go). Claims run one after another, so two never both see the same free slots. What an item is
 * (a message, or one endpoint's batch of deliveries) and how it is claimed and recorded is the
 * sender's own.
 */
import type { AppContext } from '../context.ts';

const POLL_MS = 1_000;

export interface OutboxSender {
  /** Look for due work now (after a commit that wrote some). */
  kick(): void;
  /** Does every due piece of work (and what it makes due), until none is left; resolves with how many attempts were made. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** A sender that sends nothing, for tools that open the database without serving (the bench): work waits in its outbox. */
export const inertOutboxSender: OutboxSender = {
  kick() {},
  drain: () => Promise.resolve(0),
  start() {},
  stop: () => Promise.resolve(),
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `claim(free)` answers the items claimed for up to `free` slots; `run(item)` makes its attempt (or
 * attempts) and records them, and resolves with how many it made (one when it answers nothing). A run
 * that fails (the database is away when it records) counts as one attempt and is logged: its lease
 * runs out and its work is claimed again.
 */
export function outboxLoop<T>(
  ctx: AppContext,
  name: string,
  claim: (free: number) => Promise<T[]>,
  run: (item: T) => Promise<number | void>,
  options: { pollMs?: number | undefined; maxInFlight: number },
): OutboxSender {
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let made = 0;
  let claiming: Promise<unknown> = Promise.resolve();

  function launch(item: T): void {
    const running: Promise<void> = run(item)
      .then(
        (attempts) => {
          made += attempts ?? 1;
        },
        (error: unknown) => {
          made++;
          ctx.log.warn({ outbox: name, err: messageOf(error) }, 'an outbox attempt could not be recorded');
        },
      )
      .finally(() => {
        inFlight.delete(running);
        if (!stopped) kick();
      });
    inFlight.add(running);
  }

  /** Claims as much work as there are free slots and starts it; answers how many items. */
  function pump(): Promise<number> {
    const next = claiming.then(async () => {
      const free = options.maxInFlight - inFlight.size;
      if (free <= 0) return 0;
      const items = await claim(free);
      for (const item of items) launch(item);
      return items.length;
    });
    claiming = next.catch(() => undefined);
    return next;
  }

  function kick(): void {
    void pump().catch((error: unknown) => {
      // The database may be briefly away; the next poll tries again.
      ctx.log.warn({ outbox: name, err: messageOf(error) }, 'outbox poll failed');
    });
  }

  return {
    kick() {
      if (!stopped) kick();
    },
    async drain() {
      const before = made;
      for (;;) {
        const started = await pump();
        if (!started && !inFlight.size) return made - before;
        if (inFlight.size) await Promise.race(inFlight);
      }
    },
    start() {
      stopped = false;
      timer = setInterval(kick, options.pollMs ?? POLL_MS);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await claiming.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    },
  };
}
