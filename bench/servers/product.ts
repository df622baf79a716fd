/**
 * The product as `npm start` runs it (startServer: migrations, super admin,
 * outbox, every plugin), logger off, on a database the harness has seeded.
 * BENCH_DATABASE_URL picks PostgreSQL; otherwise BENCH_DATA_DIR holds PGlite.
 */
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';

const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
  SUPER_ADMIN_EMAIL: 'super@bench.example',
  SUPER_ADMIN_PASSWORD: 'SuperBench123!',
  SUPER_ADMIN_SECRET: 'bench-super-secret',
  LOG_LEVEL: 'silent',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/ambassador-bench-unused',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const server = await startServer(config, { logger: false });
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
