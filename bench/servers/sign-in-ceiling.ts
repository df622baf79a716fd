/**
 * The same-work ceiling of a sign-in: a bare Fastify route (logger off) in its own process that
 * parses the JSON body and does one argon2id verification with the product's parameters on the
 * product's worker pool (src/server/auth/passwords.ts: one thread per core, nice 10, the same queue
 * limit), against BENCH_PASSWORD_HASH. No database, no rate limit, no session: what a sign-in
 * cannot do without.
 */
import Fastify from 'fastify';
import { verifyPassword } from '../../src/server/auth/passwords.ts';

const stored = process.env.BENCH_PASSWORD_HASH ?? '';
const app = Fastify({ logger: false });
app.post('/api/login', async (request, reply) => {
  const { password } = request.body as { email: string; password: string };
  const ok = await verifyPassword(stored, password);
  return reply.code(ok ? 200 : 401).send({ ok });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
