/**
 * Webhook delivery is background work: the product's requests come first. The app counts the
 * requests it is answering (one hook); while it has seen at least BUSY_REQUESTS in the last
 * WINDOW_MS, the sender makes its attempts one at a time, PAUSE_MS apart, so a backlog being
 * delivered takes little of the event loop from public reads, and still moves (at most 1000 /
 * PAUSE_MS attempts a second). One meter per process: the event loop it protects is the process's.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const WINDOW_MS = 100;
/** 200 requests a second. */
const BUSY_REQUESTS = 20;
const PAUSE_MS = 10;

let windowStart = 0;
let current = 0;
let previous = 0;

function roll(now: number): void {
  if (now - windowStart < WINDOW_MS) return;
  previous = now - windowStart < 2 * WINDOW_MS ? current : 0;
  current = 0;
  windowStart = now;
}

/** A request arrived (the app's onRequest hook). */
export function requestSeen(): void {
  roll(performance.now());
  current++;
}

/** Whether the product is busy answering requests now. */
export function serving(): boolean {
  roll(performance.now());
  return current >= BUSY_REQUESTS || previous >= BUSY_REQUESTS;
}

let lane: Promise<void> = Promise.resolve();

/** Resolves when this attempt may start: at once when the product is not busy, else after the attempts queued before it, PAUSE_MS apart. */
export function giveWay(): Promise<void> {
  if (!serving()) return Promise.resolve();
  const turn = lane.then(() => sleep(PAUSE_MS));
  lane = turn;
  return turn;
}
