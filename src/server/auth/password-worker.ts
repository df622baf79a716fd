/**
 * The argon2id work, run in the password worker threads of auth/passwords.ts
 * (at a lower CPU priority than the request threads).
 */
import { hashSync, verifySync, type Algorithm } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// Algorithm.Argon2id is a const enum (2), which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordTask = { op: 'hash'; password: string } | { op: 'verify'; stored: string; password: string };

export default function run(task: PasswordTask): string | boolean {
  if (task.op === 'hash') return hashSync(task.password, ARGON2_OPTIONS);
  try {
    return verifySync(task.stored, task.password);
  } catch {
    return false;
  }
}
