/**
 * The product for the webhook case (bench/webhooks.ts): bench/servers/product.ts, but with
 * WEBHOOK_ALLOW_PRIVATE=true so that it may deliver to the receiver on loopback, which production
 * refuses (NODE_ENV=development; nothing else of the product's work on a delivery or a public read
 * depends on it but the target's https and address checks, which the setting lifts). Logger off.
 */
import { freePort } from '../../test/helpers/ports.ts';
import { productionEnv } from '../product-env.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';

const port = await freePort();
const config = loadConfig({
  ...productionEnv(port, process.env),
  NODE_ENV: 'development',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  LOG_LEVEL: 'silent',
  METRICS_TOKEN: '',
});
const server = await startServer(config, { logger: false });
await server.app.listen({ port, host: '127.0.0.1' });
const address = server.app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
