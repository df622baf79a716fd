/**
 * Password hashing (argon2id) on a pool of worker threads, one per core, at a
 * lower CPU priority than the threads that answer requests (Piscina's
 * niceIncrement; Linux nice values are per thread). A flood of sign-ins then
 * uses the idle CPU without making every other request queue behind it; when
 * the queue is full, a sign-in is refused with 503 instead of waiting without
 * bound (docs/decisions/009-password-hashing-pool.md).
 *
 * One caller cannot monopolise the pool because every check of a guessed password (sign-in, super
 * admin sign-in, change-password) is counted by the rate limits before it is queued here, in one
 * atomic statement (auth/rate-limit.ts consumeAll), and refused without a hash past the limit. So
 * one address queues at most LOGIN_MAX_FAILURES_PER_ADDRESS (50) sign-in checks and as many
 * change-password checks per window, one account at most 10 of each, and a burst beyond that is
 * answered 429 at the cost of one upsert. We chose that over a bounded queue per purpose: a queue
 * per purpose would still let one caller fill its purpose's share and refuse everyone else of that
 * purpose with 503; the counters bound each caller. What is left for the 503 here is load from many
 * addresses at once, which is what it is for.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { unavailable } from '../errors.ts';
import type { PasswordTask } from './password-worker.ts';
import { ERROR_TEXTS } from '../../shared/error-codes.ts';

const THREADS = Math.max(1, os.availableParallelism());
/** How many hashes may wait for a thread: about half a second of work on a 2-core machine. */
export const HASH_QUEUE_LIMIT = 32 * THREADS;
/** 10 leaves the event loop and PostgreSQL ahead of the hashing threads. */
const HASHING_NICE = 10;
export const BUSY_MESSAGE = ERROR_TEXTS.PASSWORD_CHECKS_BUSY;
/** The queue holds about half a second of work: a couple of seconds is enough for it to drain. */
const BUSY_RETRY_AFTER_S = 2;

let pool: Piscina<PasswordTask, string | boolean> | undefined;

function passwordPool(): Piscina<PasswordTask, string | boolean> {
  if (pool) return pool;
  // From the TypeScript sources (dev, tests, bench) the worker loads through tsx, as the rest of the code does.
  const compiled = import.meta.url.endsWith('.js');
  pool = new Piscina<PasswordTask, string | boolean>({
    filename: new URL(compiled ? './password-worker.js' : './password-worker.ts', import.meta.url).href,
    execArgv: compiled ? [] : ['--import', 'tsx'],
    // All threads start with the pool (at the first sign-in), not one by one under a flood.
    minThreads: THREADS,
    maxThreads: THREADS,
    maxQueue: HASH_QUEUE_LIMIT,
    niceIncrement: HASHING_NICE,
  });
  return pool;
}

async function runTask<T extends string | boolean>(task: PasswordTask): Promise<T> {
  try {
    return (await passwordPool().run(task)) as T;
  } catch (error) {
    if (error instanceof Error && error.message === 'Task queue is at limit') throw unavailable(BUSY_MESSAGE).retryAfter(BUSY_RETRY_AFTER_S);
    throw error;
  }
}

export function hashPassword(password: string): Promise<string> {
  return runTask<string>({ op: 'hash', password });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the time of one
 * verification, so an unknown email answers as slowly as a wrong password.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-password');
    await runTask<boolean>({ op: 'verify', stored: await dummyHash, password });
    return false;
  }
  return runTask<boolean>({ op: 'verify', stored, password });
}

/** Stops the hashing threads (tests and tools that must exit promptly; idle threads never hold the process open). */
export async function closePasswordPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}
