/**
 * On-chain verification of a paid batch (DECISIONS §5, Money out; docs/decisions/016): with
 * BSC_RPC_URL set, marking withdrawals paid reads the transaction's receipt from a real EVM node
 * (anvil from npm, started here on loopback, with ERC-20 tokens this file compiles and deploys) and
 * checks it against the withdrawals in the database. A correct batch verifies; a wrong amount, a
 * wrong receiver, a reverted transaction, another token or an unknown hash answers 422 naming what
 * is not paid; a node that cannot be reached, is silent or errs answers 503. Then nothing is paid.
 */
import { eq } from 'drizzle-orm';
import { parseUnits, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminActions, payoutBatches } from '../../src/server/db/schema.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import {
  chainClients,
  compileTestToken,
  deployToken,
  send,
  startAnvil,
  startFaultyRpc,
  type Anvil,
  type ChainClients,
  type Compiled,
  type FaultyRpc,
} from '../helpers/evm.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { freePort, startTestServer, type TestServer } from '../helpers/server.ts';

/** Not BSC-USD's 18: amounts must be scaled by USDT_TOKEN_DECIMALS, not by a constant. */
const DECIMALS = 6;
const UNREACHABLE = 'Could not reach the blockchain node to verify the transaction. Nothing was marked paid; please try again.';

let anvil: Anvil;
let chain: ChainClients;
let token: Compiled;
let usdt: Address;
let fake: Address;
let treasurer: Address;
let pauper: Address;

beforeAll(async () => {
  token = compileTestToken();
  anvil = await startAnvil();
  chain = await chainClients(anvil.url);
  const [first, second] = chain.accounts;
  if (!first || !second) throw new Error('anvil gave fewer than two test accounts');
  [treasurer, pauper] = [first, second];
  const supply = parseUnits('1000000', DECIMALS);
  usdt = await deployToken(chain, token, treasurer, { name: 'Test Tether USD', symbol: 'USDT', decimals: DECIMALS, supply });
  fake = await deployToken(chain, token, treasurer, { name: 'Not Tether', symbol: 'FAKE', decimals: DECIMALS, supply });
});
afterAll(async () => anvil?.stop());

interface Approved {
  id: string;
  amount: string;
  walletAddress: Address;
  owner: CreatedAmbassador;
}

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const units = (amount: string) => parseUnits(amount, DECIMALS);
const describeOne = (w: Approved) => `${w.id} (${w.amount} USDT to ${w.walletAddress})`;

describe.each(DATABASE_KINDS)('payouts verified on chain (%s)', (kind) => {
  let server: TestServer;
  /** The same product on the same database, its BSC_RPC_URL a port nothing listens on. */
  let closedPort: TestServer;
  /** ... and one whose node hangs or answers errors. */
  let misbehaving: TestServer;
  let faultyRpc: FaultyRpc;
  let superAdmin: ApiClient;
  let payees: { owner: CreatedAmbassador; walletAddress: Address }[];
  let turn = 0;

  beforeAll(async () => {
    const chainEnv = { USDT_TOKEN_ADDRESS: usdt, USDT_TOKEN_DECIMALS: String(DECIMALS), BSC_RPC_TIMEOUT_SECONDS: '1' };
    server = await startTestServer({ kind, env: { ...chainEnv, BSC_RPC_URL: anvil.url } });
    const shared = { kind, database: { database: server.database, url: server.config.databaseUrl }, mail: server.mail };
    closedPort = await startTestServer({ ...shared, env: { ...chainEnv, BSC_RPC_URL: `http://127.0.0.1:${await freePort()}` } });
    faultyRpc = await startFaultyRpc();
    misbehaving = await startTestServer({ ...shared, env: { ...chainEnv, BSC_RPC_URL: faultyRpc.url } });
    superAdmin = await superAdminClient(server);
    payees = [];
    for (let i = 0; i < 3; i++) {
      const owner = await createAmbassador(server, { admin: superAdmin });
      await credit(server, owner.ambassadorId, 'USDT', '5000.00');
      payees.push({ owner, walletAddress: newAddress() });
    }
  });
  beforeEach(async () => {
    superAdmin = await superAdminClient(server);
  });
  afterAll(async () => {
    await misbehaving?.close();
    await closedPort?.close();
    await faultyRpc?.close();
    await server?.close();
  });

  /** Approved, unpaid withdrawals of these amounts, taking turns among the payees (or all of one). */
  async function approved(amounts: string[], payee?: number): Promise<Approved[]> {
    const made: Approved[] = [];
    for (const amount of amounts) {
      const who = payees[payee ?? turn++ % payees.length];
      if (!who) throw new Error('no payee');
      const requested = await who.owner.client.post('/api/withdrawal-requests', { amount, walletAddress: who.walletAddress });
      expect(requested.status).toBe(201);
      const decided = await superAdmin.post(`/api/admin/withdrawals/${requested.body.id}/approve`, {});
      expect(decided.body).toMatchObject({ status: 'approved' });
      made.push({ id: requested.body.id, amount, walletAddress: who.walletAddress, owner: who.owner });
    }
    return made;
  }

  /** One transaction of `tokenAddress` paying each [receiver, amount]. */
  async function pay(payments: [Address, string][], tokenAddress: Address = usdt): Promise<Hash> {
    const sent = await send(chain, token, {
      address: tokenAddress,
      from: treasurer,
      functionName: 'batchTransfer',
      args: [payments.map(([to]) => to), payments.map(([, amount]) => units(amount))],
    });
    expect(sent.status).toBe('success');
    return sent.hash;
  }

  const markPaid = (client: ApiClient, withdrawals: Approved[], txHash: string) =>
    client.post('/api/admin/withdrawals/paid', { ids: withdrawals.map((w) => w.id), txHash });

  /** Nothing was marked: every one is still awaiting payment, its ambassador sees no proof, the hash is not recorded. */
  async function expectUnpaid(withdrawals: Approved[], txHash: string) {
    const awaiting = (await superAdmin.get('/api/admin/withdrawal-requests?limit=500&status=awaiting_payment')).body as { id: string }[];
    expect(awaiting.map((w) => w.id)).toEqual(expect.arrayContaining(withdrawals.map((w) => w.id)));
    for (const w of withdrawals) {
      const mine = (await w.owner.client.get('/api/withdrawal-requests')).body as { id: string; txHash: string | null; paidAt: string | null }[];
      expect(mine.find((row) => row.id === w.id)).toMatchObject({ txHash: null, paidAt: null });
    }
    expect(await server.db.select().from(payoutBatches).where(eq(payoutBatches.txHash, txHash.toLowerCase()))).toEqual([]);
  }

  it('verifies a batch paid by one transaction and marks it paid', async () => {
    const batch = await approved(['100.00', '60.50', '75.25']);
    // Other receivers in the same transaction do not matter.
    const txHash = await pay([...batch.map((w): [Address, string] => [w.walletAddress, w.amount]), [newAddress(), '12.00']]);

    const paid = await markPaid(superAdmin, batch, txHash);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ verifiedOnChain: true, txHash, txUrl: `https://bscscan.com/tx/${txHash}` });
    expect(paid.body.withdrawals.map((w: { id: string }) => w.id).sort()).toEqual(batch.map((w) => w.id).sort());
    const [row] = await server.db.select().from(payoutBatches).where(eq(payoutBatches.txHash, txHash));
    expect(row?.verifiedOnChain).toBe(true);
    const [first] = batch;
    if (!first) throw new Error('empty batch');
    const mine = (await first.owner.client.get('/api/withdrawal-requests')).body as { id: string; txHash: string | null }[];
    expect(mine.find((w) => w.id === first.id)?.txHash).toBe(txHash);
    const audit = await server.db.select().from(adminActions).where(eq(adminActions.action, 'mark_withdrawals_paid'));
    expect(audit.map((a) => a.details)).toContain(`3 withdrawal(s), 235.75 USDT, transaction ${txHash} (verified on chain)`);

    // The guards still hold: a hash is recorded once, a withdrawal paid once; both before asking the chain.
    const [again] = await approved(['55.00']);
    if (!again) throw new Error('no withdrawal');
    const reused = await markPaid(superAdmin, [again], txHash);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This transaction hash was already recorded for another payout');
    const twice = await markPaid(superAdmin, [first], await pay([[first.walletAddress, first.amount]]));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`Only approved withdrawals that are not yet paid can be marked paid: ${first.id}`);
  });

  it('refuses a wrong amount, naming the withdrawal, and marks none of the batch', async () => {
    const [right, wrong] = await approved(['100.00', '80.00']);
    if (!right || !wrong) throw new Error('no withdrawals');
    for (const sent of ['79.99', '80.000001']) {
      const txHash = await pay([
        [right.walletAddress, right.amount],
        [wrong.walletAddress, sent],
      ]);
      const refused = await markPaid(superAdmin, [right, wrong], txHash);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(`Transaction ${txHash} does not pay withdrawal ${describeOne(wrong)}`);
      expect(refused.body.errors).toEqual([{ path: 'ids.1', message: refused.body.message, code: refused.body.code, values: refused.body.values }]);
      await expectUnpaid([right, wrong], txHash);
    }
  });

  it('refuses a transfer to another address', async () => {
    const [w] = await approved(['90.00']);
    if (!w) throw new Error('no withdrawal');
    const txHash = await pay([[newAddress(), w.amount]]);
    const refused = await markPaid(superAdmin, [w], txHash);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Transaction ${txHash} does not pay withdrawal ${describeOne(w)}`);
    await expectUnpaid([w], txHash);
  });

  it('refuses a transaction that reverted on chain', async () => {
    const [w] = await approved(['70.00']);
    if (!w) throw new Error('no withdrawal');
    // The pauper holds no token: the transfer reverts, and with its gas given it is mined as reverted.
    const reverted = await send(chain, token, {
      address: usdt,
      from: pauper,
      functionName: 'transfer',
      args: [w.walletAddress, units(w.amount)],
      gas: 200_000n,
    });
    expect(reverted.status).toBe('reverted');
    const refused = await markPaid(superAdmin, [w], reverted.hash);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Transaction ${reverted.hash} failed on chain`);
    await expectUnpaid([w], reverted.hash);
  });

  it('refuses Transfers of another token, naming every withdrawal', async () => {
    const batch = await approved(['65.00', '66.00']);
    const txHash = await pay(
      batch.map((w) => [w.walletAddress, w.amount]),
      fake,
    );
    const refused = await markPaid(superAdmin, batch, txHash);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Transaction ${txHash} does not pay withdrawals ${batch.map(describeOne).join(', ')}`);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['ids.0', 'ids.1']);
    await expectUnpaid(batch, txHash);
  });

  it('refuses a hash the chain does not know', async () => {
    const [w] = await approved(['85.00']);
    if (!w) throw new Error('no withdrawal');
    const txHash = `0x${'5e'.repeat(32)}`;
    const refused = await markPaid(superAdmin, [w], txHash);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Transaction ${txHash} was not found on chain`);
    await expectUnpaid([w], txHash);
  });

  it('counts exactly one Transfer for each withdrawal', async () => {
    // Two withdrawals of one amount to one address need two Transfers.
    const pair = await approved(['50.00', '50.00'], 0);
    const [one] = pair;
    if (!one) throw new Error('no withdrawals');
    const once = await pay([[one.walletAddress, '50.00']]);
    const short = await markPaid(superAdmin, pair, once);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(`Transaction ${once} does not pay withdrawals ${pair.map(describeOne).join(', ')}`);
    await expectUnpaid(pair, once);
    const both = await pay([
      [one.walletAddress, '50.00'],
      [one.walletAddress, '50.00'],
    ]);
    expect((await markPaid(superAdmin, pair, both)).body).toMatchObject({ verifiedOnChain: true });

    // A withdrawal paid twice by the transaction is for a person to look at.
    const [single] = await approved(['52.00'], 1);
    if (!single) throw new Error('no withdrawal');
    const double = await pay([
      [single.walletAddress, '52.00'],
      [single.walletAddress, '52.00'],
    ]);
    const refused = await markPaid(superAdmin, [single], double);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Transaction ${double} pays withdrawal ${describeOne(single)} more than once`);
    await expectUnpaid([single], double);
  });

  it('answers 503 and changes nothing when the node cannot be reached', async () => {
    const batch = await approved(['95.00', '96.00']);
    const txHash = await pay(batch.map((w) => [w.walletAddress, w.amount]));
    const refused = await markPaid(await superAdminClient(closedPort), batch, txHash);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(UNREACHABLE);
    await expectUnpaid(batch, txHash);
    // Nothing was recorded: the same hash is accepted once the node answers.
    expect((await markPaid(superAdmin, batch, txHash)).body).toMatchObject({ verifiedOnChain: true, txHash });
  });

  it('answers 503 when the node does not answer in time or answers an error, and changes nothing', async () => {
    const batch = await approved(['97.00']);
    const txHash = await pay(batch.map((w) => [w.walletAddress, w.amount]));
    const admin = await superAdminClient(misbehaving);
    for (const mode of ['hang', 'rpc-error', 'http-error'] as const) {
      faultyRpc.mode = mode;
      const asked = faultyRpc.requests;
      const started = Date.now();
      const refused = await markPaid(admin, batch, txHash);
      expect({ mode, status: refused.status, message: refused.body.message }).toEqual({ mode, status: 503, message: UNREACHABLE });
      // One try, cut at BSC_RPC_TIMEOUT_SECONDS (1 s here).
      expect(faultyRpc.requests - asked).toBe(1);
      expect(Date.now() - started).toBeLessThan(5_000);
      await expectUnpaid(batch, txHash);
    }
    // A refusal the database can give is given before asking the node.
    const asked = faultyRpc.requests;
    const [pending] = await approved(['98.00']);
    if (!pending) throw new Error('no withdrawal');
    await markPaid(superAdmin, [pending], await pay([[pending.walletAddress, pending.amount]]));
    expect((await markPaid(admin, [pending], txHash)).status).toBe(409);
    expect(faultyRpc.requests).toBe(asked);
    expect((await markPaid(superAdmin, batch, txHash)).body).toMatchObject({ verifiedOnChain: true });
  });
});
