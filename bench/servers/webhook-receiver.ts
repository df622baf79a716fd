/**
 * The webhook case's receiver (bench/webhooks.ts): answers every POST 204 once its body is read,
 * and counts them with the times of the first and the last (performance.now of this process).
 * GET /stats answers {count, firstMs, lastMs}; POST /reset starts the count again.
 */
import { createServer } from 'node:http';

let count = 0;
let firstMs = 0;
let lastMs = 0;
const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/stats') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count, firstMs, lastMs }));
    return;
  }
  if (request.url === '/reset') {
    count = 0;
    firstMs = 0;
    lastMs = 0;
    response.writeHead(204).end();
    return;
  }
  request.resume();
  request.on('end', () => {
    const now = performance.now();
    if (!count) firstMs = now;
    lastMs = now;
    count++;
    response.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
