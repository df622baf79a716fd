/**
 * The product as `npm start` runs it (startServer: migrations, super admin,
 * outbox, every plugin), logger off, on a database the harness has seeded.
 * BENCH_DATABASE_URL picks PostgreSQL; otherwise BENCH_DATA_DIR holds PGlite.
 */
import { freePort } from '../../test/helpers/ports.ts';
import { productionEnv } from '../product-env.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';

const port = await freePort();
const config = loadConfig({
  ...productionEnv(port, process.env),
  // The harness's product is silent (the ceilings run the product with its log, as operators do).
  LOG_LEVEL: 'silent',
  METRICS_TOKEN: '',
  // Every stream of the fan-out comes from this one machine: the per-address cap (20) would stop it at 20.
  LIVE_STREAMS_PER_ADDRESS: '100000',
  LIVE_STREAMS_MAX: '100000',
});
const server = await startServer(config, { logger: false });
await server.app.listen({ port, host: '127.0.0.1' });
const address = server.app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
