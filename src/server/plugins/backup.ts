/**
 * GET /backup: the embedded database as PGlite's own gzip dump, for `npm run backup` while this
 * server holds DATA_DIR (scripts/backup.ts; README, Backups). Guarded like /metrics (METRICS_TOKEN
 * bearer, else loopback only). PGlite answers one query at a time and takes the dump under the same
 * lock, so the dump holds every transaction committed before it and nothing of one still open.
 * For PostgreSQL it answers 501: pg_dump is the tool there.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { operatorOnly } from './metrics.ts';

/** Names the process that answered, so the script can tell it is the holder of its DATA_DIR's lock. */
export const SERVER_PID_HEADER = 'x-server-pid';

export function registerBackup(app: FastifyInstance, ctx: AppContext): void {
  app.get('/backup', { config: { access: 'public' }, schema: { hide: true }, onRequest: operatorOnly(ctx.config) }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const dump = ctx.database.dump;
    if (!dump) {
      return reply.code(501).send({
        message: 'This server keeps its data in PostgreSQL: back it up with pg_dump (README, Backups)',
      });
    }
    const started = Date.now();
    const body = Buffer.from(await (await dump()).arrayBuffer());
    request.log.info({ bytes: body.length, ms: Date.now() - started }, 'database backup taken');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return reply
      .header('Content-Type', 'application/gzip')
      .header('Content-Disposition', `attachment; filename="ambassadors-${stamp}.tar.gz"`)
      .header(SERVER_PID_HEADER, String(process.pid))
      .send(body);
  });
}
