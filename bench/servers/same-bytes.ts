/**
 * The same-bytes ceiling: a bare Fastify route (no plugins, logger off) in its own process that
 * answers byte-identical responses to the product's public reads. BENCH_ANSWERS names a JSON file
 * the harness wrote from the product's own answers: for each path and encoding, the status, every
 * header except Date (and those node writes itself: Connection, Keep-Alive, Content-Length) and the
 * body. X-Request-Id is made per request the way the product makes it, so it has the same length.
 * What is left between the product and this server is the product's per-request machinery.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { requestIds } from '../../src/server/request-id.ts';

export interface CapturedAnswer {
  path: string;
  encoding: 'br' | 'gzip' | 'identity';
  status: number;
  /** Lower-case names, in the order the product sent them. */
  headers: [string, string][];
  body: string;
}

const answers = JSON.parse(readFileSync(process.env.BENCH_ANSWERS ?? '', 'utf8')) as CapturedAnswer[];
const nextId = requestIds();
const app = Fastify({ logger: false });
const paths = [...new Set(answers.map((a) => a.path))];
for (const path of paths) {
  const byEncoding = new Map(
    answers
      .filter((a) => a.path === path)
      .map((a) => [
        a.encoding,
        {
          status: a.status,
          headers: Object.freeze(Object.fromEntries(a.headers.filter(([name]) => name !== 'x-request-id'))),
          body: Buffer.from(a.body, 'base64'),
        },
      ]),
  );
  const identity = byEncoding.get('identity');
  if (!identity) throw new Error(`no identity answer for ${path}`);
  app.get(path, (request, reply) => {
    const accepted = request.headers['accept-encoding'] ?? '';
    const answer = (accepted.includes('br') && byEncoding.get('br')) || (accepted.includes('gzip') && byEncoding.get('gzip')) || identity;
    reply.code(answer.status).headers(answer.headers).header('x-request-id', nextId()).send(answer.body);
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
