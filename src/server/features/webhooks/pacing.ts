/**
 * Webhook delivery is background work: the product's requests come first. The app tells this meter
 * of every request it receives (one hook). From the first request, and until none has come for
 * HOLD_MS, the product is serving, and the sender makes its attempts one at a time with a pause
 * between them, so a backlog being delivered takes little of the event loop from requests and still
 * moves. The pause is PAUSE_MS while the event loop is on time, and grows with how late the loop
 * fires the pause's own timer (a late loop is one short of CPU, where each attempt's work delays
 * the requests queued behind it), up to MAX_PAUSE_MS: at least 1000 / MAX_PAUSE_MS attempts a
 * second. Not serving, attempts go at once (up to the sender's slots).
 *
 * Why from the first request, and held: a meter that waits for a rate (it once waited for 20
 * requests in 100 ms) lets the sender run unpaced while requests are waiting on the very loop it
 * fills: a burst's first requests, or every request while one shared query is answered (a cached
 * read's refresh), so that the rate it waits for cannot come (docs/decisions/030).
 * One meter per process: the event loop it protects is the process's.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Serving until this long after the last request. */
const HOLD_MS = 1_000;
/** The pause between paced attempts while the event loop is on time (100 a second). */
const PAUSE_MS = 10;
/** The longest pause, however late the loop is (20 a second). */
const MAX_PAUSE_MS = 50;
/** Each millisecond the loop is late (smoothed) lengthens the pause by this many. */
const LATE_FACTOR = 4;

let lastRequest = Number.NEGATIVE_INFINITY;
/** How late the loop fired the last pauses' timers, smoothed (ms). */
let late = 0;

/** A request arrived (the app's onRequest hook). */
export function requestSeen(): void {
  lastRequest = performance.now();
}

/** Whether the product is answering requests now (one arrived within HOLD_MS). */
export function serving(): boolean {
  return performance.now() - lastRequest < HOLD_MS;
}

/** The pause before the next paced attempt. */
export function pauseMs(): number {
  return Math.min(MAX_PAUSE_MS, PAUSE_MS + LATE_FACTOR * late);
}

let lane: Promise<void> = Promise.resolve();

async function pause(): Promise<void> {
  const wanted = pauseMs();
  const started = performance.now();
  await sleep(wanted);
  late = 0.7 * late + 0.3 * Math.max(0, performance.now() - started - wanted);
}

/** Resolves when this attempt may start: at once when the product is not serving, else after the attempts queued before it, each a pause apart. */
export function giveWay(): Promise<void> {
  if (!serving()) {
    late = 0;
    return Promise.resolve();
  }
  const turn = lane.then(pause);
  lane = turn;
  return turn;
}
