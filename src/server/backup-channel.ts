/**
 * The local channel `npm run backup` reaches a running server through (DECISIONS §5 Operations):
 * a Unix socket in DATA_DIR, `DATA_DIR/backup.sock`, mode 0600 in a 0700 directory, so only the
 * owner of DATA_DIR can open it. Never the public port: a reverse proxy on the same host makes every
 * visitor look local, so no answer there may be decided by the client's address (issue 24).
 *
 * It answers one request, `GET /backup`, with the embedded database as PGlite's own gzip dump (taken
 * between two queries: every acknowledged change is in it, nothing half done), and names the process
 * in X-Server-Pid so the script can check it is the holder of the DATA_DIR lock.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const BACKUP_SOCKET = 'backup.sock';
/** Names the process that answered, so the script can tell it is the holder of its DATA_DIR's lock. */
export const SERVER_PID_HEADER = 'x-server-pid';
/** sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included. */
const MAX_SOCKET_PATH = 103;

export interface BackupChannel {
  /** Where the socket is, or undefined when DATA_DIR's path is too long for one. */
  path: string | undefined;
  close(): Promise<void>;
}

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET);
}

export async function openBackupChannel(dataDir: string, dump: () => Promise<Blob>, log: FastifyBaseLogger): Promise<BackupChannel> {
  const socket = backupSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    log.warn(`DATA_DIR's path is too long for a Unix socket (${socket}): npm run backup works only with the server stopped`);
    return { path: undefined, close: async () => undefined };
  }
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }));
      return;
    }
    const started = Date.now();
    dump()
      .then(async (blob) => {
        const body = Buffer.from(await blob.arrayBuffer());
        log.info({ bytes: body.length, ms: Date.now() - started }, 'database backup taken (local channel)');
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(body.length), [SERVER_PID_HEADER]: String(process.pid) });
        response.end(body);
      })
      .catch((error: unknown) => {
        log.error({ err: error instanceof Error ? error.message : String(error) }, 'database backup failed');
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'The backup failed; see the server log', code: 'INTERNAL_ERROR' }));
      });
  });
  // We hold the DATA_DIR lock: a socket file left there is a crashed holder's, never a live one's.
  rmSync(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socket, 0o600);
  return {
    path: socket,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(socket, { force: true });
    },
  };
}
