/**
 * The product as `npm start` runs it (startServer: migrations, super admin,
 * outbox, every plugin), logger off, on a database the harness has seeded.
 * BENCH_DATABASE_URL picks PostgreSQL; otherwise BENCH_DATA_DIR holds PGlite.
 */
import { freePort } from '../../test/helpers/ports.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';

// Chosen before start: in production every request must name APP_URL's host.
const port = await freePort();
const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  APP_URL: `http://127.0.0.1:${port}`,
  // The bench measures the product, not its mail or its admins' second factor: no SMTP server here,
  // and the harness signs in as the super admin without a TOTP app.
  EMAIL_TO_LOG: 'true',
  ADMIN_MFA: 'optional',
  SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
  SUPER_ADMIN_EMAIL: 'super@bench.example',
  SUPER_ADMIN_PASSWORD: 'SuperBench123!',
  SUPER_ADMIN_SECRET: 'bench-super-secret',
  LOG_LEVEL: 'silent',
  // Every stream of the fan-out comes from this one machine: the per-address cap (20) would stop it at 20.
  LIVE_STREAMS_PER_ADDRESS: '100000',
  LIVE_STREAMS_MAX: '100000',
  // Nothing reaches the internet: bench/season.ts closes last month with a relay of its own.
  DRAND_URLS: 'http://127.0.0.1:9',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/ambassador-bench-unused',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const server = await startServer(config, { logger: false });
await server.app.listen({ port, host: '127.0.0.1' });
const address = server.app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
