/**
 * The product's environment in the bench: as an operator's `npm start` sets it (production, no
 * LOG_LEVEL: its default), on the database the harness seeded (BENCH_DATABASE_URL for PostgreSQL,
 * else BENCH_DATA_DIR for PGlite). The mail goes to the log and the admins' second factor is
 * optional (the harness signs in without a TOTP app); nothing reaches the internet (bench/season.ts
 * closes a month with a relay of its own).
 */
import os from 'node:os';
import path from 'node:path';

export const BENCH_SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789';
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

export function productionEnv(port: number, productEnv: Record<string, string | undefined>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    // In production every request must name APP_URL's host.
    APP_URL: `http://127.0.0.1:${port}`,
    EMAIL_TO_LOG: 'true',
    ADMIN_MFA: 'optional',
    SESSION_SECRET: BENCH_SESSION_SECRET,
    SUPER_ADMIN_EMAIL: 'super@bench.example',
    SUPER_ADMIN_PASSWORD: 'SuperBench123!',
    SUPER_ADMIN_SECRET: 'bench-super-secret',
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    DRAND_URLS: 'http://127.0.0.1:9',
    DATA_DIR: productEnv.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'ambassador-bench-unused'),
    ...(productEnv.BENCH_DATABASE_URL ? { DATABASE_URL: productEnv.BENCH_DATABASE_URL } : {}),
  };
}
