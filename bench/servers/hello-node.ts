/** Baseline 1: the bare node:http server, the ceiling of this machine for a JSON hello. */
import { createServer } from 'node:http';

const body = JSON.stringify({ hello: 'world' });
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
