/** Baseline 2: a Fastify hello route, no plugins, logger off: what the framework costs. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
