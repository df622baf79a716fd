/**
 * A real EVM node for the on-chain tests (docs/decisions/016-on-chain-payout-verification.md):
 * anvil, whose binary ships inside the npm package @foundry-rs/anvil-linux-amd64 (an optional dependency: skipped, not refused, on other platforms),
 * started on a loopback port the OS picks; and the test ERC-20 token (TestToken.sol) compiled by
 * solc's JavaScript build from npm. Nothing is downloaded at run time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import solc from 'solc';
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hash, type Hex } from 'viem';
import { foundry } from 'viem/chains';

const ANVIL_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** The anvil binary of this platform's package of Foundry's npm builds (the project installs the Linux x64 one). */
export function anvilBinary(): string {
  const name = ANVIL_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) throw new Error(`anvil has no npm build for ${process.platform}-${process.arch}`);
  try {
    return createRequire(import.meta.url).resolve(`${name}/bin/anvil${process.platform === 'win32' ? '.exe' : ''}`);
  } catch (error) {
    throw new Error(`anvil is not installed: the tests need ${name} (npm ci installs @foundry-rs/anvil-linux-amd64 on Linux x64)`, { cause: error });
  }
}

export interface Anvil {
  url: string;
  stop(): Promise<void>;
}

/** Starts anvil on 127.0.0.1 with a port the OS picks; fails with its output if it is not listening within `timeoutMs`. */
export async function startAnvil(timeoutMs = 15_000): Promise<Anvil> {
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', '0', '--accounts', '3', '--balance', '1000'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test worker that dies does not leave the node behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`anvil did not start listening within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const seen = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Listening on (127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(`http://${match[1]}`);
        }
      };
      child.stdout?.on('data', seen);
      child.stderr?.on('data', seen);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`anvil could not be started: ${error.message}`, { cause: error }));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`anvil exited (${signal ?? `code ${code}`}) before listening:\n${output}`));
      });
    });
    // Keep reading its output so a full pipe never blocks it.
    child.stdout?.resume();
    child.stderr?.resume();
    return { url, stop: () => stopChild(child).finally(() => process.off('exit', killOnExit)) };
  } catch (error) {
    await stopChild(child);
    process.off('exit', killOnExit);
    throw error;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

/** Compiles TestToken.sol with the solc of the npm package (its bundled compiler; no version download). */
export function compileTestToken(): Compiled {
  return compileContracts('TestToken.sol', ['TestToken']).TestToken as Compiled;
}

/** Compiles a contract file of this folder with the solc of the npm package; answers the named contracts. */
export function compileContracts<Name extends string>(file: string, names: Name[]): Record<Name, Compiled> {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: false },
      outputSelection: { '*': Object.fromEntries(names.map((n) => [n, ['abi', 'evm.bytecode.object']])) },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const problems = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (problems.length) throw new Error(`${file} did not compile:\n${problems.map((e) => e.formattedMessage).join('\n')}`);
  const compiled = {} as Record<Name, Compiled>;
  for (const name of names) {
    const contract = output.contracts?.[file]?.[name];
    if (!contract) throw new Error(`solc gave no ${name}`);
    compiled[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  }
  return compiled;
}

/** viem clients on the node; `accounts` are the node's unlocked test accounts. */
export async function chainClients(url: string) {
  const transport = http(url, { retryCount: 0 });
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
  const wallet = createWalletClient({ chain: foundry, transport });
  const accounts = await wallet.getAddresses();
  return { publicClient, wallet, accounts };
}

export type ChainClients = Awaited<ReturnType<typeof chainClients>>;

/** Deploys a TestToken from `from` (who holds the supply); answers its address. */
export async function deployToken(
  { publicClient, wallet }: ChainClients,
  token: Compiled,
  from: Address,
  options: { name: string; symbol: string; decimals: number; supply: bigint },
): Promise<Address> {
  const hash = await wallet.deployContract({
    abi: token.abi,
    bytecode: token.bytecode,
    account: from,
    args: [options.name, options.symbol, options.decimals, options.supply],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${options.symbol} failed`);
  return receipt.contractAddress;
}

/** Sends `functionName(args)` of the token and waits until it is mined; answers the hash and the receipt's status. */
export async function send(
  { publicClient, wallet }: ChainClients,
  token: Compiled,
  call: { address: Address; from: Address; functionName: 'transfer' | 'batchTransfer'; args: unknown[]; gas?: bigint },
): Promise<{ hash: Hash; status: 'success' | 'reverted' }> {
  const hash = await wallet.writeContract({
    abi: token.abi,
    address: call.address,
    account: call.from,
    functionName: call.functionName,
    args: call.args,
    chain: foundry,
    ...(call.gas ? { gas: call.gas } : {}),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  return { hash, status: receipt.status };
}

/**
 * A JSON-RPC endpoint on loopback that misbehaves as told: `hang` never answers, `rpc-error` answers
 * every call with a JSON-RPC error, `http-error` with 502.
 */
export interface FaultyRpc {
  url: string;
  mode: 'hang' | 'rpc-error' | 'http-error';
  /** Requests received. */
  requests: number;
  close(): Promise<void>;
}

export async function startFaultyRpc(): Promise<FaultyRpc> {
  const sockets = new Set<Socket>();
  const state: FaultyRpc = { url: '', mode: 'hang', requests: 0, close: async () => undefined };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    state.requests += 1;
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (state.mode === 'hang') return;
      if (state.mode === 'http-error') {
        response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
        return;
      }
      let id: unknown = null;
      try {
        id = (JSON.parse(body) as { id?: unknown }).id ?? null;
      } catch {
        // answer with id null
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'header not found' } }));
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}
