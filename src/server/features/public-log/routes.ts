import type { FastifyInstance } from 'fastify';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZLogPage, ZLogQuery } from '../../../shared/schemas/public-log.ts';
import { CACHING } from '../../http.ts';
import { matchesEtag } from '../public/index.ts';
import { knownPageEtag, readLogJson } from './service.ts';

export async function publicLogRoutes(app: FastifyInstance) {
  // Untyped on purpose: the answer is JSON text (full pages come encoded from a cache); the schema still documents and validates.
  app.get<{ Querystring: { after: number; limit: number } }>(
    '/api/public/log',
    {
      config: { access: 'public', etag: 'immutable' },
      schema: {
        operationId: 'getPublicLog',
        summary: 'The public programme log',
        description:
          'Append-only and hash-chained: each entry’s hash is the SHA-256 of the canonical JSON (RFC 8785) of {seq, at, kind, data, prevHash}, and prevHash is the hash of the entry before (64 zeros for the first). Page with `after` (the last seq read) and `limit` (1-500, default 100). A full page (`limit` entries) never changes: it is immutable, and its `head` may be older than the log’s; take the head from the last page, which has fewer than `limit` entries and is never stored.',
        tags: ['public'],
        querystring: ZLogQuery,
        response: {
          200: ZLogPage.describe('The entries after `after`, oldest first, and the head of the whole log (on a full page, possibly an older head).'),
          400: ZErrorBody.describe('`after` or `limit` is out of range.'),
        },
      },
    },
    async (request, reply) => {
      // A full page never changes (but for its head): immutable, and 304 for the copy held, without
      // reading the head when the page is known here. The last, partial page keeps no-store.
      const held = (etag: string | undefined) => etag !== undefined && matchesEtag(request.headers['if-none-match'], etag);
      const known = knownPageEtag(app.ctx, request.query);
      if (held(known))
        return reply
          .code(304)
          .headers({ ...CACHING.immutable, etag: known })
          .send();
      const page = await readLogJson(app.ctx, request.query);
      if (page.etag) {
        reply.headers({ ...CACHING.immutable, etag: page.etag });
        if (held(page.etag)) return reply.code(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(page.json);
    },
  );
}
