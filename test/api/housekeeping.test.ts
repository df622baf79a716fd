/** Housekeeping: what expires is deleted, and nothing current. */
import { describe, expect, it } from 'vitest';
import { housekeeping } from '../../src/server/housekeeping.ts';
import { idempotencyKeys, rateLimits, sessions, walletProofNonces } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { createAmbassador, credit } from '../helpers/factories.ts';
import { startTestServer } from '../helpers/server.ts';
import { WALLET_A } from '../helpers/wallets.ts';

describe('housekeeping', () => {
  it('deletes expired sessions, passed rate-limit windows, old idempotency keys and lapsed wallet-proof messages, and nothing current', async () => {
    const server = await startTestServer();
    try {
      const amb = await createAmbassador(server);
      await credit(server, amb.ambassadorId, 'USDT', '100');
      await amb.client.post('/api/withdrawal-requests', { amount: 50, walletAddress: WALLET_A }, { 'idempotency-key': 'k1' });
      await new ApiClient(server, { ip: '10.0.0.9' }).post('/api/login', { email: amb.email, password: 'wrong' });
      expect((await amb.client.post('/api/wallet/proof/nonce')).status).toBe(200);
      const counts = async () => ({
        sessions: (await server.db.select().from(sessions)).length,
        limits: (await server.db.select().from(rateLimits)).length,
        keys: (await server.db.select().from(idempotencyKeys)).length,
        nonces: (await server.db.select().from(walletProofNonces)).length,
      });
      const before = await counts();
      expect(before.nonces).toBe(1);
      await housekeeping(server.db, server.clock.now());
      expect(await counts()).toEqual(before);
      await housekeeping(server.db, new Date(server.clock.now().getTime() + 8 * 24 * 3_600_000));
      expect(await counts()).toEqual({ sessions: 0, limits: 0, keys: 0, nonces: 0 });
    } finally {
      await server.close();
    }
  });
});
