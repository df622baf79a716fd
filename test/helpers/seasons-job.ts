/**
 * The seasons job run by hand, as the server runs it by itself (at least every minute): until a
 * month has the status a test waits for. For hooks, where expect.poll is not at hand.
 */
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { ApiClient } from './client.ts';
import type { TestServer } from './server.ts';

/** A month's public status (`GET /api/public/seasons/{month}`), or `HTTP <status>` when it has none. */
export async function seasonStatus(server: TestServer, month: string): Promise<string> {
  const response = await new ApiClient(server).get(`/api/public/seasons/${month}`);
  return response.status === 200 ? String(response.body.status) : `HTTP ${response.status}`;
}

/** Runs the seasons job until `month` has `status`; throws after `timeoutMs`. */
export async function runSeasonsJobUntil(server: TestServer, month: string, status: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await runSeasonsJob(server.ctx);
    const now = await seasonStatus(server, month);
    if (now === status) return;
    if (Date.now() > deadline) throw new Error(`${month} is ${now}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
