/**
 * The password pool: argon2id runs on worker threads at a lower CPU priority
 * than the request threads, and a full queue refuses work (503) instead of
 * letting sign-ins wait without bound.
 */
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { BUSY_MESSAGE, HASH_QUEUE_LIMIT, hashPassword, verifyPassword } from '../../src/server/auth/passwords.ts';
import { AppError } from '../../src/server/errors.ts';

/** Each thread of this process with its nice value (Linux /proc). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name; nice is field 19 of stat, index 16 here.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password hashing pool', () => {
  it('hashes and verifies with argon2id', async () => {
    const stored = await hashPassword('Correct horse 1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Correct horse 1')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse 2')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct horse 1')).toBe(false);
    expect(await verifyPassword(null, 'Correct horse 1')).toBe(false);
  });

  it.runIf(os.platform() === 'linux')('runs the hashing on threads niced below the request threads', async () => {
    const before = threadNiceValues();
    await hashPassword('warm the pool');
    const after = threadNiceValues();
    expect(Math.min(...before, ...after)).toBe(os.getPriority());
    expect(after.filter((nice) => nice === os.getPriority() + 10).length).toBeGreaterThan(0);
  });

  it('refuses hashes beyond the queue limit with 503 and keeps doing the others', async () => {
    const submitted = HASH_QUEUE_LIMIT + os.availableParallelism() + 5;
    // All are queued in this tick, before any can finish.
    const outcomes = await Promise.allSettled(Array.from({ length: submitted }, (_, i) => hashPassword(`password ${i}`)));
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const outcome of refused) {
      const reason = (outcome as PromiseRejectedResult).reason as AppError;
      expect(reason).toBeInstanceOf(AppError);
      expect([reason.status, reason.message]).toEqual([503, BUSY_MESSAGE]);
    }
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    expect(done.length).toBeGreaterThanOrEqual(HASH_QUEUE_LIMIT);
    expect(done.every((o) => String((o as PromiseFulfilledResult<string>).value).startsWith('$argon2id$'))).toBe(true);
    // The pool is usable again at once.
    expect(await verifyPassword(await hashPassword('after the flood'), 'after the flood')).toBe(true);
  });
});
