/**
 * Anchoring the public log on BSC (DECISIONS §7, Anchors on BSC; issue 48 item 6), end to end on anvil
 * (a real EVM node from npm, on loopback) and a stand-in drand relay: GET /api/public/anchor; the
 * anchor transaction (from the anchor address to itself, value 0, data 0x414d42 + seq + hash) sent once
 * a month froze, exactly once across instances; its `log.anchored` entry only after BSC_CONFIRMATIONS
 * blocks; the node down: the freeze is not held, the anchor is sent on a later run.
 */
import { eq, isNull } from 'drizzle-orm';
import { createTestClient, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { logAnchors, publicLog, seasons } from '../../src/server/db/schema.ts';
import { ANCHOR_REPRICE_AFTER_MS, runAnchorJob } from '../../src/server/features/anchor/service.ts';
import { appendLog } from '../../src/server/features/public-log/service.ts';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { withTransaction } from '../../src/server/mutation.ts';
import { anchorData } from '../../src/shared/anchor.ts';
import { roundAt } from '../../src/shared/drand.ts';
import { ApiClient } from '../helpers/client.ts';
import { TestClock } from '../helpers/clock.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { startDrandRelay, type DrandRelay } from '../helpers/drand-relay.ts';
import { chainClients, startAnvil, type Anvil, type ChainClients } from '../helpers/evm.ts';
import { freePort, startTestServer, type TestServer } from '../helpers/server.ts';
import { runVerifier } from '../helpers/product-process.ts';

describe('anchoring settings', () => {
  const base = { SESSION_SECRET: 'x'.repeat(32) };
  const key = generatePrivateKey();
  it('ANCHOR_PRIVATE_KEY is refused without BSC_RPC_URL, and when it is not 0x + 64 hex digits; BSC_CONFIRMATIONS defaults to 3', () => {
    expect(() => loadConfig({ ...base, ANCHOR_PRIVATE_KEY: key })).toThrow(
      /ANCHOR_PRIVATE_KEY: anchors the public log on BNB Smart Chain and needs BSC_RPC_URL/,
    );
    expect(() => loadConfig({ ...base, ANCHOR_PRIVATE_KEY: key.slice(0, 60), BSC_RPC_URL: 'http://127.0.0.1:8545' })).toThrow(
      /ANCHOR_PRIVATE_KEY: must be a private key/,
    );
    const config = loadConfig({ ...base, ANCHOR_PRIVATE_KEY: key, BSC_RPC_URL: 'http://127.0.0.1:8545' });
    expect(config.anchor?.confirmations).toBe(3);
    expect(loadConfig({ ...base, BSC_RPC_URL: 'http://127.0.0.1:8545' }).anchor).toBeUndefined();
    expect(loadConfig({ ...base, ANCHOR_PRIVATE_KEY: key, BSC_RPC_URL: 'http://127.0.0.1:8545', BSC_CONFIRMATIONS: '12' }).anchor?.confirmations).toBe(12);
  });
});

describe.each(DATABASE_KINDS)('the public log anchored on chain (%s)', (kind) => {
  let anvil: Anvil;
  let chain: ChainClients;
  let relay: DrandRelay;
  /** Anchoring on, its node anvil. */
  let server: TestServer;
  /** A second instance on the same database and node. */
  let second: TestServer;
  /** Anchoring on, its node a port nothing listens on. */
  let down: TestServer;
  /** Anchoring off. */
  let off: TestServer;
  const key = generatePrivateKey();
  const anchorAddress: Address = privateKeyToAccount(key).address;
  const testClient = () => createTestClient({ chain: foundry, mode: 'anvil', transport: http(anvil.url, { retryCount: 0 }) });
  const at = (iso: string) => BigInt(Math.floor(Date.parse(iso) / 1000));

  beforeAll(async () => {
    anvil = await startAnvil();
    chain = await chainClients(anvil.url);
    const funder = chain.accounts[0];
    if (!funder) throw new Error('anvil gave no account');
    await chain.publicClient.waitForTransactionReceipt({
      hash: await chain.wallet.sendTransaction({ account: funder, to: anchorAddress, value: parseEther('1'), chain: foundry }),
    });
    const clock = new TestClock('2027-02-28T23:55:00Z');
    relay = await startDrandRelay({ now: () => clock.now().getTime() });
    const drandEnv = { DRAND_TEST_CHAIN: JSON.stringify(relay.chain), DRAND_URLS: relay.url };
    const anchorEnv = { ...drandEnv, ANCHOR_PRIVATE_KEY: key, BSC_CONFIRMATIONS: '3', BSC_RPC_TIMEOUT_SECONDS: '10' };
    server = await startTestServer({ kind, clock, listen: true, env: { ...anchorEnv, BSC_RPC_URL: anvil.url } });
    const shared = { kind, clock, database: { database: server.database, url: server.config.databaseUrl }, mail: server.mail };
    second = await startTestServer({ ...shared, env: { ...anchorEnv, BSC_RPC_URL: anvil.url } });
    down = await startTestServer({ ...shared, env: { ...anchorEnv, BSC_RPC_URL: `http://127.0.0.1:${await freePort()}` } });
    off = await startTestServer({ ...shared, env: drandEnv });
    await runSeasonsJob(server.ctx); // February's terms
  }, 120_000);
  afterAll(async () => {
    await off?.close();
    await down?.close();
    await second?.close();
    await server?.close();
    await relay?.close();
    await anvil?.stop();
  });

  it('GET /api/public/anchor answers the anchor address and the node’s chain id; 404 ANCHOR_OFF when off; 503 when the node is down; never the key', async () => {
    const on = await new ApiClient(server).get('/api/public/anchor');
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ address: anchorAddress, chainId: 31337 });
    expect(JSON.stringify(on.body)).not.toContain(key.slice(2));
    const none = await new ApiClient(off).get('/api/public/anchor');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('ANCHOR_OFF');
    const unreachable = await new ApiClient(down).get('/api/public/anchor');
    expect(unreachable.status).toBe(503);
    expect(unreachable.body.code).toBe('ANCHOR_RPC_UNAVAILABLE');
    const spec = (await new ApiClient(server).get('/api/openapi.json')).body;
    expect(Object.keys(spec.paths['/api/public/anchor'].get.responses)).toEqual(expect.arrayContaining(['200', '404', '503']));
  });

  it('the node down: the month freezes all the same, the anchor job fails and records nothing, and a later run anchors the freeze', async () => {
    server.clock.set('2027-03-01T00:00:30Z');
    const run = await runSeasonsJob(down.ctx);
    expect(run.frozen).toEqual(['2027-02']);
    await expect(runAnchorJob(down.ctx)).rejects.toThrow();
    expect(await server.db.select().from(logAnchors)).toEqual([]);
  });

  it('sends the head once (two instances at once), logs log.anchored only after BSC_CONFIRMATIONS blocks, with the block and its time', async () => {
    const head = (await new ApiClient(server).get('/api/public/log?after=0&limit=500')).body.head as { seq: number; hash: string };
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: anchorAddress });
    server.clock.set('2027-03-01T00:01:00Z');
    await testClient().setNextBlockTimestamp({ timestamp: at('2027-03-01T00:01:00Z') });
    const runs = await Promise.all([runAnchorJob(server.ctx), runAnchorJob(second.ctx)]);
    expect(runs.map((r) => r.sent).filter((s) => s !== undefined)).toEqual([head.seq]);
    const [row] = await server.db.select().from(logAnchors);
    // anvil mines what it is sent just after it answers.
    await chain.publicClient.waitForTransactionReceipt({ hash: row?.txHash as Hex });
    expect(await chain.publicClient.getTransactionCount({ address: anchorAddress })).toBe(nonceBefore + 1);
    expect(row).toMatchObject({ seq: head.seq, hash: head.hash, loggedAt: null });
    const tx = await chain.publicClient.getTransaction({ hash: row?.txHash as Hex });
    expect(tx.from.toLowerCase()).toBe(anchorAddress.toLowerCase());
    expect(tx.to?.toLowerCase()).toBe(anchorAddress.toLowerCase());
    expect(tx.value).toBe(0n);
    expect(tx.input).toBe(anchorData(head.seq, head.hash));
    expect(tx.input.slice(0, 8)).toBe('0x414d42');
    expect(tx.input.slice(8, 24)).toBe(head.seq.toString(16).padStart(16, '0'));
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: tx.hash });
    const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });

    // Two blocks on top: not yet; nothing sent again either.
    await testClient().mine({ blocks: 2 });
    expect(await runAnchorJob(server.ctx)).toEqual({ anchored: [] });
    expect(await server.db.select().from(publicLog).where(eq(publicLog.kind, 'log.anchored'))).toEqual([]);
    await testClient().mine({ blocks: 1 });
    const [first, again] = await Promise.all([runAnchorJob(server.ctx), runAnchorJob(second.ctx)]);
    expect([...first.anchored, ...again.anchored]).toEqual([head.seq]);
    const logged = await server.db.select().from(publicLog).where(eq(publicLog.kind, 'log.anchored'));
    expect(logged.map((e) => e.data)).toEqual([
      {
        seq: head.seq,
        hash: head.hash,
        txHash: tx.hash,
        blockNumber: Number(receipt.blockNumber),
        blockTime: new Date(Number(block.timestamp) * 1000).toISOString(),
      },
    ]);
    expect(logged[0]?.data.blockTime).toBe('2027-03-01T00:01:00.000Z');
    // The log grew by log.anchored alone: no new anchor, the same day.
    expect(await runAnchorJob(server.ctx)).toEqual({ anchored: [] });
    expect(await chain.publicClient.getTransactionCount({ address: anchorAddress })).toBe(nonceBefore + 1);
  });

  it('the close is anchored at once; a transaction the node lost is sent again from the database, never a second one', async () => {
    const season = (await server.db.select().from(seasons).where(eq(seasons.month, '2027-02')))[0];
    server.clock.set(new Date((season?.beaconAt?.getTime() ?? 0) + 30_000).toISOString());
    expect((await runSeasonsJob(server.ctx)).closed).toEqual(['2027-02']);
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: anchorAddress });
    // The node loses what it is sent (no automine, then its pool dropped): as if sent just before a crash.
    await testClient().setAutomine(false);
    const sent = await runAnchorJob(server.ctx);
    expect(sent.sent).toBeGreaterThan(0);
    const [row] = await server.db
      .select()
      .from(logAnchors)
      .where(eq(logAnchors.seq, sent.sent ?? 0));
    await testClient().dropTransaction({ hash: row?.txHash as Hex });
    await testClient().setAutomine(true);
    await testClient().setNextBlockTimestamp({ timestamp: at(server.clock.now().toISOString()) + 1n });
    expect(await runAnchorJob(second.ctx)).toEqual({ anchored: [] });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: row?.txHash as Hex });
    expect(receipt.status).toBe('success');
    await testClient().mine({ blocks: 3 });
    expect((await runAnchorJob(second.ctx)).anchored).toEqual([sent.sent]);
    expect(await chain.publicClient.getTransactionCount({ address: anchorAddress })).toBe(nonceBefore + 1);
  });

  it('with anchoring on, a late freeze’s beacon is the first round at or after the freeze + 10 minutes (and after L)', async () => {
    server.clock.set('2027-03-31T23:55:00Z');
    await runSeasonsJob(server.ctx); // April's terms
    // March froze 90 minutes late: after R's time.
    server.clock.set('2027-04-01T01:30:00Z');
    expect((await runSeasonsJob(server.ctx)).frozen).toEqual(['2027-03']);
    const march = (await server.db.select().from(seasons).where(eq(seasons.month, '2027-03')))[0];
    const frozenAt = march?.frozenAt?.getTime() ?? 0;
    expect(march?.beaconRound).toBe(Math.max(roundAt(relay.chain, frozenAt / 1000 + 600), (march?.latestRound?.round ?? 0) + 1));
    expect(march?.beaconAt?.getTime()).toBeGreaterThanOrEqual(frozenAt + 600_000);
  });

  it('npm run verify-draw and verify-log with --rpc read each anchor on chain: the freeze proven before the beacon; without --rpc, the log entry shown', async () => {
    const [anchored] = await server.db.select().from(publicLog).where(eq(publicLog.kind, 'log.anchored')).orderBy(publicLog.seq);
    const block = (anchored?.data as { blockNumber: number }).blockNumber;
    const proven = await runVerifier('verify-draw', ['2027-02', '--url', server.url, '--rpc', anvil.url, '--test-chain', '--strict']);
    expect(proven.output).toContain(`match     Log: freeze proven before the beacon (anchored in block ${block} at 2027-03-01T00:01:00.000Z)`);
    expect(proven.code).toBe(0);
    const shown = await runVerifier('verify-draw', ['2027-02', '--url', server.url, '--test-chain']);
    expect(shown.output).toContain(
      `Log: the freeze anchored before the beacon in block ${block} at 2027-03-01T00:01:00.000Z (entry ${anchored?.seq}), not read from the chain here`,
    );
    expect(shown.code).toBe(0);
    const log = await runVerifier('verify-log', ['--url', server.url, '--rpc', anvil.url, '--test-chain']);
    expect(log.output).toMatch(/match {5}the anchor of entry \d+ on chain: 0x[0-9a-f]{64} in block \d+/);
    expect(log.output).toContain('freeze proven before the beacon');
    expect(log.code).toBe(0);
  }, 60_000);

  it('an anchor whose transaction is not on chain fails verify-log --rpc, naming its entry', async () => {
    const head = (await new ApiClient(server).get('/api/public/log?after=0&limit=500')).body.head as { seq: number; hash: string };
    const txHash = `0x${'ab'.repeat(32)}`;
    await withTransaction(server.ctx, null, (m) =>
      appendLog(m, 'log.anchored', { seq: head.seq, hash: head.hash, txHash, blockNumber: 5, blockTime: '2027-04-01T01:31:00.000Z' }),
    );
    const result = await runVerifier('verify-log', ['--url', server.url, '--rpc', anvil.url, '--test-chain']);
    expect(result.output).toContain(`FAILED at entry ${head.seq + 1}: the anchor of entry ${head.seq} on chain: (transaction ${txHash} not found on chain)`);
    expect(result.code).toBe(1);
    // Without --rpc the log itself holds (the entry names the log's own hash): only the chain tells.
    expect((await runVerifier('verify-log', ['--url', server.url, '--test-chain'])).code).toBe(0);
  }, 60_000);
  it('a transaction stuck under a risen gas price is signed again with its nonce at the node’s price, after a wait; the one mined is the one logged', async () => {
    // Nothing in flight, then something new in the log two days on: due for an anchor.
    for (let i = 0; i < 4; i++) {
      await testClient().mine({ blocks: 3 });
      const run = await runAnchorJob(server.ctx);
      if (run.sent === undefined && !run.anchored.length) break;
    }
    expect(await server.db.select().from(logAnchors).where(isNull(logAnchors.loggedAt))).toEqual([]);
    server.clock.set(new Date(server.clock.now().getTime() + 2 * 86_400_000));
    await withTransaction(server.ctx, null, (m) =>
      appendLog(m, 'payout.paid', { withdrawalId: crypto.randomUUID(), amountUsdt: '1.00', txHash: `0x${'cd'.repeat(32)}`, paidAt: m.now.toISOString() }),
    );
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: anchorAddress });
    await testClient().setAutomine(false);
    try {
      const sent = await runAnchorJob(server.ctx);
      expect(sent.sent).toBeGreaterThan(0);
      const rowOf = async () =>
        (
          await server.db
            .select()
            .from(logAnchors)
            .where(eq(logAnchors.seq, sent.sent ?? 0))
        )[0];
      const first = await rowOf();
      const stuck = await chain.publicClient.getTransaction({ hash: first?.txHash as Hex });
      // The price rises past it: the next block's base fee is four times what it offers, so it is left out.
      await testClient().setNextBlockBaseFeePerGas({ baseFeePerGas: (stuck.gasPrice ?? 0n) * 4n });
      await testClient().mine({ blocks: 1 });
      await expect(chain.publicClient.getTransactionReceipt({ hash: first?.txHash as Hex })).rejects.toThrow();
      // Not yet waited ANCHOR_REPRICE_AFTER_MS: sent again as it is.
      expect(await runAnchorJob(server.ctx)).toEqual({ anchored: [] });
      expect((await rowOf())?.txHash).toBe(first?.txHash);
      // Waited: signed again (by either instance) with the same nonce and data, at the node's price.
      server.clock.set(new Date(server.clock.now().getTime() + ANCHOR_REPRICE_AFTER_MS));
      const market = await chain.publicClient.getGasPrice();
      expect(await runAnchorJob(second.ctx)).toEqual({ anchored: [] });
      const again = await rowOf();
      expect(again?.earlierTxHashes).toEqual([first?.txHash]);
      expect(again?.txHash).not.toBe(first?.txHash);
      const replacement = await chain.publicClient.getTransaction({ hash: again?.txHash as Hex });
      expect(replacement.nonce).toBe(stuck.nonce);
      expect(replacement.input).toBe(stuck.input);
      expect(replacement.gasPrice).toBeGreaterThanOrEqual(market);
      expect(replacement.gasPrice).toBeGreaterThanOrEqual(((stuck.gasPrice ?? 0n) * 9n) / 8n);
      // A second run in the same minute signs nothing new.
      expect(await runAnchorJob(server.ctx)).toEqual({ anchored: [] });
      expect((await rowOf())?.txHash).toBe(again?.txHash);
      await testClient().mine({ blocks: 1 });
      expect((await chain.publicClient.getTransactionReceipt({ hash: again?.txHash as Hex })).status).toBe('success');
      await testClient().mine({ blocks: 3 });
      expect((await runAnchorJob(server.ctx)).anchored).toEqual([sent.sent]);
      const logged = (await server.db.select().from(publicLog).where(eq(publicLog.kind, 'log.anchored'))).find(
        (e) => (e.data as { seq: number }).seq === sent.sent,
      );
      expect(logged?.data).toMatchObject({ seq: sent.sent, txHash: again?.txHash });
      expect(await chain.publicClient.getTransactionCount({ address: anchorAddress })).toBe(nonceBefore + 1);
    } finally {
      await testClient().setAutomine(true);
    }
  }, 60_000);
});
