/**
 * The same-work ceiling of the ambassador's dashboard read (GET /api/ambassadors/me): a bare Fastify
 * route (logger off) in its own process, on the product's database with the same driver and pool
 * (openDatabase, the product's pool size), doing one session lookup (auth/sessions.ts loadSession,
 * the product's own query) and one row read (the caller's ambassador record), and answering it as
 * JSON. BENCH_DATABASE_URL names the database; the session cookie is the product's (same secret).
 */
import Fastify from 'fastify';
import { loadSession, SESSION_COOKIE } from '../../src/server/auth/sessions.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { eq, sql } from 'drizzle-orm';
import { ambassadors } from '../../src/server/db/schema.ts';

const config = loadConfig({
  NODE_ENV: 'production',
  APP_URL: 'http://127.0.0.1:1',
  SESSION_SECRET: process.env.BENCH_SESSION_SECRET ?? '',
  EMAIL_TO_LOG: 'true',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const cookiePrefix = `${SESSION_COOKIE}=`;
// The row read: the caller's ambassador record by its account, prepared once (as the product prepares its statements).
const ambassadorByUser = database.db
  .select()
  .from(ambassadors)
  .where(eq(ambassadors.userId, sql.placeholder('userId')))
  .prepare('ceiling_ambassador_by_user');
const app = Fastify({ logger: false });
app.get('/api/ambassadors/me', async (request, reply) => {
  const token = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(cookiePrefix))
    ?.slice(cookiePrefix.length);
  const session = token ? await loadSession(database.db, config, decodeURIComponent(token), new Date()) : null;
  if (!session) return reply.code(401).send({ message: 'Not logged in' });
  const [row] = await ambassadorByUser.execute({ userId: session.user.id });
  if (!row) return reply.code(404).send({ message: 'no ambassador' });
  return reply.send(row);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => database.close().then(() => process.exit(0))));
