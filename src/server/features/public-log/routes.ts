import type { FastifyInstance } from 'fastify';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZLogPage, ZLogQuery } from '../../../shared/schemas/public-log.ts';
import { typed } from '../../http.ts';
import { readLog } from './service.ts';

export async function publicLogRoutes(app: FastifyInstance) {
  typed(app).get(
    '/api/public/log',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getPublicLog',
        summary: 'The public programme log',
        description:
          'Append-only and hash-chained: each entry’s hash is the SHA-256 of the canonical JSON (RFC 8785) of {seq, at, kind, data, prevHash}, and prevHash is the hash of the entry before (64 zeros for the first). Page with `after` (the last seq read) and `limit` (1-500, default 100).',
        tags: ['public'],
        querystring: ZLogQuery,
        response: {
          200: ZLogPage.describe('The entries after `after`, oldest first, and the head of the whole log.'),
          400: ZErrorBody.describe('`after` or `limit` is out of range.'),
        },
      },
    },
    async (request) => readLog(app.ctx.db, request.query),
  );
}
