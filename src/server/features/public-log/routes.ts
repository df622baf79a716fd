import type { FastifyInstance } from 'fastify';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZLogPage, ZLogQuery } from '../../../shared/schemas/public-log.ts';
import { readLogJson } from './service.ts';

export async function publicLogRoutes(app: FastifyInstance) {
  // Untyped on purpose: the answer is JSON text (full pages come encoded from a cache); the schema still documents and validates.
  app.get<{ Querystring: { after: number; limit: number } }>(
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
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await readLogJson(app.ctx, request.query)),
  );
}
