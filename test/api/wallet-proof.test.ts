/**
 * Payout wallets proven by signature (DECISIONS §6, Wallet proof; docs/decisions/023-wallet-proof.md):
 * a real EIP-4361 signature from a local test account verifies; each refusal has its status and
 * code; a nonce is single use even when the same signed message arrives many times at once; a
 * changed address starts over; an exchange deposit address's first withdrawal waits its hold;
 * WALLET_PROOF=required; admins see, filter and export by proof; an address proven by two
 * ambassadors is shared_wallet; smart accounts (ERC-1271, ERC-6492) verify on the local EVM.
 */
import { and, eq } from 'drizzle-orm';
import { encodeFunctionData, getAddress, getContractAddress, encodeDeployData, serializeErc6492Signature, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, walletProofs } from '../../src/server/db/schema.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { HOUR } from '../helpers/clock.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import { chainClients, compileContracts, startAnvil, type Anvil, type ChainClients, type Compiled } from '../helpers/evm.ts';
import { createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

const newAccount = () => privateKeyToAccount(generatePrivateKey());

interface Issued {
  nonce: string;
  message: string;
  expiresAt: string;
}

/** An ambassador whose saved USDT address is `address` (the first saved: no hold). */
async function ambassadorWith(server: TestServer, admin: ApiClient, address: string): Promise<CreatedAmbassador> {
  const amb = await createAmbassador(server, { admin });
  const saved = await amb.client.patch('/api/ambassador', { usdtWalletAddress: address });
  expect(saved.status).toBe(200);
  return amb;
}

async function issue(amb: CreatedAmbassador): Promise<Issued> {
  const response = await amb.client.post('/api/wallet/proof/nonce');
  expect(response.status, response.text).toBe(200);
  return response.body as Issued;
}

async function prove(amb: CreatedAmbassador, account: PrivateKeyAccount) {
  const { message } = await issue(amb);
  const signature = await account.signMessage({ message });
  return amb.client.post('/api/wallet/proof', { message, signature });
}

function expectRefusal(response: { status: number; body: any }, status: number, code: string) {
  expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
  expect(typeof response.body.message).toBe('string');
}

describeEachDatabase('wallet proof (%s)', ({ server, superAdmin }) => {
  /** Signed in again by a test that moves the clock past a session's life. */
  let admin = superAdmin;

  it('issues the EIP-4361 message for the saved address, and a real signature of it verifies, with the evidence kept', async () => {
    const account = newAccount();
    const amb = await ambassadorWith(server, admin, account.address);
    const before = (await amb.client.get('/api/ambassador')).body;
    expect(before).toMatchObject({ walletProof: 'none', walletVerifiedAt: null });

    const issued = await issue(amb);
    const fields = parseSiweMessage(issued.message);
    expect(fields).toMatchObject({
      domain: '127.0.0.1:5000',
      scheme: 'http',
      address: account.address,
      statement: `I confirm ${account.address} receives my USDT payouts from the GoalChain ambassador programme`,
      uri: 'http://127.0.0.1:5000',
      version: '1',
      chainId: 56,
      nonce: issued.nonce,
      resources: [`http://127.0.0.1:5000/ambassadors/${amb.ambassadorId}`],
    });
    expect(issued.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(fields.expirationTime?.getTime()).toBe(new Date(issued.expiresAt).getTime());
    expect(new Date(issued.expiresAt).getTime() - (fields.issuedAt?.getTime() ?? 0)).toBe(10 * 60_000);

    const signature = await account.signMessage({ message: issued.message });
    const proven = await amb.client.post('/api/wallet/proof', { message: issued.message, signature });
    expect(proven.status, proven.text).toBe(200);
    expect(proven.body).toEqual({ walletProof: 'verified', walletVerifiedAt: expect.any(String) });
    const after = (await amb.client.get('/api/ambassador')).body;
    expect(after).toMatchObject({ walletProof: 'verified', walletVerifiedAt: proven.body.walletVerifiedAt, usdtWalletAddress: account.address });

    // The evidence: the proof's row and the activity log hold the message and the signature.
    const rows = await server.db.select().from(walletProofs).where(eq(walletProofs.ambassadorId, amb.ambassadorId));
    expect(rows).toMatchObject([{ address: account.address, message: issued.message, signature, method: 'eoa' }]);
    const logged = await server.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, 'verify_payout_wallet'), eq(adminActions.targetId, amb.ambassadorId)));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.changes).toMatchObject({ walletProofMessage: [null, issued.message], walletProofSignature: [null, signature] });

    // Verified: no new message is needed.
    expectRefusal(await amb.client.post('/api/wallet/proof/nonce'), 409, 'WALLET_PROOF_ALREADY_VERIFIED');
  });

  it('refuses each wrong proof with its own status and code', async () => {
    const account = newAccount();
    const other = newAccount();
    const amb = await ambassadorWith(server, admin, account.address);
    const send = (message: string, signature: string) => amb.client.post('/api/wallet/proof', { message, signature });
    const { message } = await issue(amb);

    // Another domain, another chain: the issued message edited, and signed by the right key.
    const otherDomain = message.replace('http://127.0.0.1:5000 wants you', 'http://evil.example wants you');
    expectRefusal(await send(otherDomain, await account.signMessage({ message: otherDomain })), 400, 'WALLET_PROOF_DOMAIN');
    const otherChain = message.replace('Chain ID: 56', 'Chain ID: 1');
    expectRefusal(await send(otherChain, await account.signMessage({ message: otherChain })), 400, 'WALLET_PROOF_CHAIN');
    // A message naming another address than the saved one, signed by that address.
    const otherAddress = message.replaceAll(account.address, other.address);
    expectRefusal(await send(otherAddress, await other.signMessage({ message: otherAddress })), 400, 'WALLET_PROOF_ADDRESS');
    // The issued message with another statement, or a nonce never issued: not the message issued.
    const edited = message.replace('I confirm', 'I, the owner, confirm');
    expectRefusal(await send(edited, await account.signMessage({ message: edited })), 400, 'WALLET_PROOF_MESSAGE_NOT_ISSUED');
    const forged = message.replace(/Nonce: \w+/, 'Nonce: 0123456789abcdef0123456789abcdef');
    expectRefusal(await send(forged, await account.signMessage({ message: forged })), 400, 'WALLET_PROOF_MESSAGE_NOT_ISSUED');
    expectRefusal(await send('Please sign this', await account.signMessage({ message: 'Please sign this' })), 400, 'WALLET_PROOF_MESSAGE_MALFORMED');

    // The issued message signed by another key; signatures that are not signatures.
    expectRefusal(await send(message, await other.signMessage({ message })), 400, 'WALLET_PROOF_SIGNATURE_INVALID');
    const notHex = await send(message, 'signed by me');
    expect(notHex.status).toBe(400);
    expect(notHex.body.errors).toEqual([{ path: 'signature', message: expect.stringContaining('hexadecimal'), code: 'WALLET_PROOF_SIGNATURE' }]);
    expectRefusal(await send(message, `0x${'00'.repeat(65)}`), 400, 'WALLET_PROOF_SIGNATURE_MALFORMED');
    // A smart account's signature, and no node to ask: said so.
    expectRefusal(await send(message, `0x${'ab'.repeat(200)}`), 422, 'WALLET_PROOF_CONTRACT_UNSUPPORTED');

    // None of those used the nonce: the right signature still verifies, once.
    const signature = await account.signMessage({ message });
    expect((await send(message, signature)).status).toBe(200);
    expectRefusal(await send(message, signature), 409, 'WALLET_PROOF_NONCE_USED');
  });

  it('refuses an expired message, and a message for an address that is no longer the saved one', async () => {
    const account = newAccount();
    const amb = await ambassadorWith(server, admin, account.address);
    const stale = await issue(amb);
    server.clock.advance(10 * 60_000 + 1);
    expectRefusal(
      await amb.client.post('/api/wallet/proof', { message: stale.message, signature: await account.signMessage({ message: stale.message }) }),
      409,
      'WALLET_PROOF_NONCE_EXPIRED',
    );

    const before = await issue(amb);
    const next = newAccount();
    expect((await amb.client.patch('/api/ambassador', { usdtWalletAddress: next.address })).status).toBe(200);
    expectRefusal(
      await amb.client.post('/api/wallet/proof', { message: before.message, signature: await account.signMessage({ message: before.message }) }),
      400,
      'WALLET_PROOF_ADDRESS',
    );
    // Without an address there is nothing to prove.
    expect((await amb.client.patch('/api/ambassador', { usdtWalletAddress: null })).status).toBe(200);
    expectRefusal(await amb.client.post('/api/wallet/proof/nonce'), 409, 'WALLET_PROOF_NO_ADDRESS');
    expectRefusal(await amb.client.post('/api/wallet/exchange', { acknowledged: true }), 409, 'WALLET_PROOF_NO_ADDRESS');
  });

  it('uses a nonce once when the same signed message arrives many times at once', async () => {
    const account = newAccount();
    const amb = await ambassadorWith(server, admin, account.address);
    const { message } = await issue(amb);
    const signature = await account.signMessage({ message });
    const answers = await Promise.all(Array.from({ length: 8 }, () => amb.client.post('/api/wallet/proof', { message, signature })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.code).toBe('WALLET_PROOF_NONCE_USED');
    expect(await server.db.select().from(walletProofs).where(eq(walletProofs.ambassadorId, amb.ambassadorId))).toHaveLength(1);
  });

  it('clears the proof when the address changes and starts the change hold; the evidence stays', async () => {
    const account = newAccount();
    const amb = await ambassadorWith(server, admin, account.address);
    expect((await prove(amb, account)).status).toBe(200);
    const next = newAccount();
    const changed = await amb.client.patch('/api/ambassador', { usdtWalletAddress: next.address });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ walletProof: 'none', walletVerifiedAt: null, usdtWalletAddress: next.address });
    expect(changed.body.withdrawalsPausedUntil).not.toBeNull();
    expect(await server.db.select().from(walletProofs).where(eq(walletProofs.ambassadorId, amb.ambassadorId))).toMatchObject([{ address: account.address }]);
    // The new address can be proven in turn.
    expect((await prove(amb, next)).status).toBe(200);
    expect((await amb.client.get('/api/ambassador')).body).toMatchObject({ walletProof: 'verified', usdtWalletAddress: next.address });
  });

  it('holds the first withdrawal to an exchange deposit address for EXCHANGE_ADDRESS_HOLD_HOURS after it is marked', async () => {
    const exchange = newAccount().address;
    const amb = await ambassadorWith(server, admin, exchange);
    await credit(server, amb.ambassadorId, 'USDT', '500.00');
    expect((await amb.client.post('/api/wallet/exchange', { acknowledged: false })).status).toBe(400);
    const marked = await amb.client.post('/api/wallet/exchange', { acknowledged: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ walletProof: 'exchange', walletExchangeAt: expect.any(String) });
    const markedAt = new Date(marked.body.walletExchangeAt).getTime();
    // Marking it again does not start the hold over.
    server.clock.advance(HOUR);
    expect((await amb.client.post('/api/wallet/exchange', { acknowledged: true })).body.walletExchangeAt).toBe(marked.body.walletExchangeAt);

    const own = (await amb.client.get('/api/ambassador')).body;
    expect(own).toMatchObject({ walletProof: 'exchange', walletVerifiedAt: null });
    expect(new Date(own.withdrawalsPausedUntil).getTime()).toBe(markedAt + 72 * HOUR);
    expect(own).toMatchObject({ exchangeHoldUntil: own.withdrawalsPausedUntil, exchangeHoldHours: 72, walletProofRequired: false });
    const held = await amb.client.post('/api/withdrawal-requests', { amount: '60.00', walletAddress: exchange });
    expectRefusal(held, 403, 'EXCHANGE_ADDRESS_HOLD');
    expect(held.body.message).toBe('For your security, the first withdrawal to an exchange deposit address waits 72 hours after the address is marked as one');

    server.clock.set(new Date(markedAt + 72 * HOUR + 1000));
    // Sessions end after a day idle: both sign in again after the wait.
    await amb.client.login(amb.email, amb.password);
    admin = await superAdminClient(server);
    const first = await amb.client.post('/api/withdrawal-requests', { amount: '60.00', walletAddress: exchange });
    expect(first.status, first.text).toBe(201);
    // Only the first waits.
    expect((await amb.client.get('/api/ambassador')).body).toMatchObject({ withdrawalsPausedUntil: null, exchangeHoldUntil: null });
    expect((await amb.client.post('/api/withdrawal-requests', { amount: '50.00', walletAddress: exchange })).status).toBe(201);

    const listed = (await admin.get(`/api/admin/withdrawal-requests?search=${exchange}`)).body as any[];
    expect(listed.map((w) => w.walletProof)).toEqual(['exchange', 'exchange']);
    expect(listed[0]).toMatchObject({ walletVerifiedAt: null, walletProofMessage: null, walletProofSignature: null });
    // An exchange address cannot then be 'verified' without a new address, and a verified one is not an exchange's.
    const signer = newAccount();
    expect((await amb.client.patch('/api/ambassador', { usdtWalletAddress: signer.address })).body).toMatchObject({ walletProof: 'none' });
    expect((await prove(amb, signer)).status).toBe(200);
    expectRefusal(await amb.client.post('/api/wallet/exchange', { acknowledged: true }), 409, 'WALLET_PROOF_EXCHANGE_VERIFIED');
  });

  it('shows admins how each withdrawal’s address stood, filters the list and the Safe export by it, and flags an address proven by two ambassadors', async () => {
    const verifiedOwner = newAccount();
    const verified = await ambassadorWith(server, admin, verifiedOwner.address);
    const plain = await ambassadorWith(server, admin, newAccount().address);
    for (const amb of [verified, plain]) await credit(server, amb.ambassadorId, 'USDT', '300.00');
    // Requested before the proof: raised to verified by it, since it is not paid yet.
    const early = await verified.client.post('/api/withdrawal-requests', { amount: '70.00', walletAddress: verifiedOwner.address });
    expect(early.status).toBe(201);
    const proof = await prove(verified, verifiedOwner);
    expect(proof.status).toBe(200);
    const late = await verified.client.post('/api/withdrawal-requests', { amount: '80.00', walletAddress: verifiedOwner.address });
    const unproven = await plain.client.post('/api/withdrawal-requests', {
      amount: '90.00',
      walletAddress: (await plain.client.get('/api/ambassador')).body.usdtWalletAddress,
    });
    for (const w of [early, late, unproven]) expect((await admin.post(`/api/admin/withdrawals/${w.body.id}/approve`, {})).status).toBe(200);

    const items = (await admin.get('/api/admin/withdrawal-requests?limit=500')).body as any[];
    const byId = new Map(items.map((w) => [w.id, w]));
    const stored = (await server.db.select().from(walletProofs).where(eq(walletProofs.ambassadorId, verified.ambassadorId)))[0];
    for (const id of [early.body.id, late.body.id]) {
      expect(byId.get(id)).toMatchObject({
        walletProof: 'verified',
        walletVerifiedAt: proof.body.walletVerifiedAt,
        walletProofMessage: stored?.message,
        walletProofSignature: stored?.signature,
      });
    }
    expect(byId.get(unproven.body.id)).toMatchObject({ walletProof: 'none', walletVerifiedAt: null, walletProofMessage: null });

    const only = async (proofFilter: string) =>
      ((await admin.get(`/api/admin/withdrawal-requests?limit=500&walletProof=${proofFilter}`)).body as any[]).map((w) => w.id);
    expect(await only('verified')).toEqual(expect.arrayContaining([early.body.id, late.body.id]));
    expect(await only('verified')).not.toContain(unproven.body.id);
    expect(await only('none')).toContain(unproven.body.id);
    expect(await only('none')).not.toContain(early.body.id);
    expect((await admin.get('/api/admin/withdrawal-requests?walletProof=maybe')).status).toBe(400);

    const ids = [early.body.id, late.body.id, unproven.body.id].join(',');
    const safe = await admin.get(`/api/admin/withdrawals/export.csv?format=safe&ids=${ids}&walletProof=verified`);
    expect(safe.status).toBe(200);
    const lines = safe.text.trim().split(/\r?\n/);
    expect(lines.slice(1).sort()).toEqual([
      `erc20,0x55d398326f99059fF775485246999027B3197955,${verifiedOwner.address},70.00,`,
      `erc20,0x55d398326f99059fF775485246999027B3197955,${verifiedOwner.address},80.00,`,
    ]);
    // The withdrawals tab's own export keeps to the same filter, and says how each stood.
    const tab = (await admin.get(`/api/admin/export/withdrawals.csv?walletProof=none&search=${plain.email}`)).text.trim().split(/\r?\n/);
    expect(tab[0]?.split(',').at(-1)).toBe('wallet_proof');
    expect(tab.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${unproven.body.id},.*,none$`))]);
    expect((await admin.get(`/api/admin/export/withdrawals.csv?walletProof=verified&search=${plain.email}`)).text.trim().split(/\r?\n/)).toHaveLength(1);
    expect((await admin.get('/api/admin/export/ambassadors.csv?walletProof=verified')).status).toBe(400);
    const unverifiedCsv = await admin.get(`/api/admin/withdrawals/export.csv?format=plain&ids=${ids}&walletProof=none`);
    expect(unverifiedCsv.text.trim().split(/\r?\n/).slice(1)).toEqual([expect.stringContaining(unproven.body.id)]);

    // The proven address moves to another ambassador, who proves it too: shared_wallet, though its
    // first owner has since changed address and never withdrew to it.
    const shared = newAccount();
    const first = await ambassadorWith(server, admin, shared.address);
    expect((await prove(first, shared)).status).toBe(200);
    expect((await first.client.patch('/api/ambassador', { usdtWalletAddress: newAccount().address })).status).toBe(200);
    const second = await ambassadorWith(server, admin, shared.address);
    expect((await prove(second, shared)).status).toBe(200);
    const flagged = ((await admin.get('/api/admin/ambassadors?limit=500&flagged=true')).body as any[]).filter((a) => a.id === second.ambassadorId);
    expect(flagged).toMatchObject([{ flags: ['shared_wallet'], walletProof: 'verified' }]);
  });
});

const proofRequired = { env: { WALLET_PROOF: 'required', EXCHANGE_ADDRESS_HOLD_HOURS: '24' } };

describeEachDatabase('WALLET_PROOF=required (%s)', proofRequired, ({ server, superAdmin: admin }) => {
  it('asks for a verified address or the exchange acknowledgement before a withdrawal', async () => {
    const account = newAccount();
    const amb = await ambassadorWith(server, admin, account.address);
    await credit(server, amb.ambassadorId, 'USDT', '300.00');
    const refused = await amb.client.post('/api/withdrawal-requests', { amount: '50.00', walletAddress: account.address });
    expectRefusal(refused, 403, 'WALLET_PROOF_REQUIRED');
    expect((await amb.client.get('/api/ambassador')).body).toMatchObject({ walletProofRequired: true, exchangeHoldHours: 24, walletProof: 'none' });
    expect(refused.body.message).toBe(
      'Verify your USDT payout address with your wallet, or mark it as an exchange deposit address, before requesting a withdrawal',
    );
    expect((await prove(amb, account)).status).toBe(200);
    expect((await amb.client.post('/api/withdrawal-requests', { amount: '50.00', walletAddress: account.address })).status).toBe(201);

    const exchange = newAccount().address;
    const other = await ambassadorWith(server, admin, exchange);
    await credit(server, other.ambassadorId, 'USDT', '300.00');
    expectRefusal(await other.client.post('/api/withdrawal-requests', { amount: '50.00', walletAddress: exchange }), 403, 'WALLET_PROOF_REQUIRED');
    const marked = await other.client.post('/api/wallet/exchange', { acknowledged: true });
    const held = await other.client.post('/api/withdrawal-requests', { amount: '50.00', walletAddress: exchange });
    expectRefusal(held, 403, 'EXCHANGE_ADDRESS_HOLD');
    expect(held.body.message).toContain('waits 24 hours');
    server.clock.set(new Date(new Date(marked.body.walletExchangeAt).getTime() + 24 * HOUR + 1000));
    await other.client.login(other.email, other.password);
    expect((await other.client.post('/api/withdrawal-requests', { amount: '50.00', walletAddress: exchange })).status).toBe(201);
  });
});

describe.each(DATABASE_KINDS)('smart accounts on chain (%s)', (kind) => {
  let anvil: Anvil;
  let chain: ChainClients;
  let contracts: Record<'TestSmartWallet' | 'TestSmartWalletFactory', Compiled>;
  let deployer: Address;
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    contracts = compileContracts('TestSmartWallet.sol', ['TestSmartWallet', 'TestSmartWalletFactory']);
    anvil = await startAnvil();
    chain = await chainClients(anvil.url);
    const [first] = chain.accounts;
    if (!first) throw new Error('anvil gave no test account');
    deployer = first;
    server = await startTestServer({ kind, env: { BSC_RPC_URL: anvil.url, BSC_RPC_TIMEOUT_SECONDS: '5' } });
    admin = await superAdminClient(server);
  });
  afterAll(async () => {
    await server?.close();
    await anvil?.stop();
  });

  async function deploy(compiled: Compiled, args: unknown[]): Promise<Address> {
    const hash = await chain.wallet.deployContract({ abi: compiled.abi, bytecode: compiled.bytecode, account: deployer, args, chain: null });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deployment failed');
    return getAddress(receipt.contractAddress);
  }

  it('verifies a deployed smart account through ERC-1271, and refuses a signature its owner did not make', async () => {
    const owner = newAccount();
    const walletAddress = await deploy(contracts.TestSmartWallet, [owner.address]);
    const amb = await ambassadorWith(server, admin, walletAddress);
    const { message } = await issue(amb);
    expectRefusal(
      await amb.client.post('/api/wallet/proof', { message, signature: await newAccount().signMessage({ message }) }),
      400,
      'WALLET_PROOF_SIGNATURE_INVALID',
    );
    const proven = await amb.client.post('/api/wallet/proof', { message, signature: await owner.signMessage({ message }) });
    expect(proven.status, proven.text).toBe(200);
    expect(await server.db.select().from(walletProofs).where(eq(walletProofs.ambassadorId, amb.ambassadorId))).toMatchObject([
      { address: walletAddress, method: 'contract' },
    ]);
  });

  it('verifies a smart account not deployed yet through ERC-6492, and a plain account without asking a contract', async () => {
    const owner = newAccount();
    const factory = await deploy(contracts.TestSmartWalletFactory, []);
    const salt = `0x${'11'.repeat(32)}` as Hex;
    const walletAddress = getContractAddress({
      opcode: 'CREATE2',
      from: factory,
      salt,
      bytecode: encodeDeployData({ abi: contracts.TestSmartWallet.abi, bytecode: contracts.TestSmartWallet.bytecode, args: [owner.address] }),
    });
    expect(await chain.publicClient.getCode({ address: walletAddress })).toBeUndefined();
    const amb = await ambassadorWith(server, admin, walletAddress);
    const { message } = await issue(amb);
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({ abi: contracts.TestSmartWalletFactory.abi, functionName: 'deploy', args: [owner.address, salt] }),
      signature: await owner.signMessage({ message }),
    });
    const proven = await amb.client.post('/api/wallet/proof', { message, signature });
    expect(proven.status, proven.text).toBe(200);
    expect(await server.db.select().from(walletProofs).where(eq(walletProofs.ambassadorId, amb.ambassadorId))).toMatchObject([
      { address: walletAddress, method: 'contract' },
    ]);

    const plain = newAccount();
    const other = await ambassadorWith(server, admin, plain.address);
    expect((await prove(other, plain)).status).toBe(200);
    expect(await server.db.select().from(walletProofs).where(eq(walletProofs.ambassadorId, other.ambassadorId))).toMatchObject([{ method: 'eoa' }]);
  });
});
