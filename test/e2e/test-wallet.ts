/**
 * A wallet in the page without a browser extension (issue 30): an EIP-1193 provider injected with
 * `addInitScript` that announces itself by EIP-6963 and answers eth_requestAccounts and
 * personal_sign. The key stays in Node: the page's provider calls an exposed function that signs
 * with viem, as a wallet's own process would.
 */
import type { Page } from 'playwright-core';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { isHex, type Hex } from 'viem';

/** A small square as the wallet's icon (EIP-6963 gives a data: URI). */
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f5a623"/></svg>')}`;

export interface TestWalletOptions {
  name: string;
  key: Hex;
}

/** What the person does in the wallet's window when the page asks. */
export type Answer = 'approve' | 'reject';

export interface TestWallet {
  name: string;
  account: PrivateKeyAccount;
  /** The account the wallet shares with the page (another one: the wrong account is selected). */
  connected: string;
  /** The next request's answer: approve, or decline (EIP-1193 code 4001). */
  answer: Answer;
  /** Every message the page had this wallet sign, decoded from its hex. */
  signed: string[];
}

/** Test keys (anvil's well-known development accounts: nobody's money). */
export const TEST_KEYS = {
  first: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  second: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  third: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3faf7e8cf5ec8e19',
  fourth: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
} as const satisfies Record<string, Hex>;

function decodeHex(hex: Hex): string {
  return Buffer.from(hex.slice(2), 'hex').toString('utf8');
}

/**
 * Injects these wallets into the page (before its scripts run, on every load). Each answers as its
 * TestWallet says at the time of the request.
 */
export async function injectWallets(page: Page, options: readonly TestWalletOptions[]): Promise<TestWallet[]> {
  const wallets = options.map(({ name, key }): TestWallet => {
    const account = privateKeyToAccount(key);
    return { name, account, connected: account.address, answer: 'approve', signed: [] };
  });
  await page.exposeFunction('testWalletRequest', async (index: number, method: string, params: unknown[]) => {
    const wallet = wallets[index];
    if (!wallet) return { error: { code: 4900, message: 'No such wallet' } };
    if (wallet.answer === 'reject') return { error: { code: 4001, message: 'User rejected the request.' } };
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { result: [wallet.connected] };
    if (method === 'eth_chainId') return { result: '0x38' };
    if (method === 'personal_sign') {
      const [raw, address] = params;
      if (typeof raw !== 'string' || !isHex(raw) || typeof address !== 'string') return { error: { code: -32602, message: 'Invalid params' } };
      if (address.toLowerCase() !== wallet.account.address.toLowerCase()) return { error: { code: 4100, message: 'Unknown account' } };
      wallet.signed.push(decodeHex(raw));
      return { result: await wallet.account.signMessage({ message: { raw } }) };
    }
    return { error: { code: 4200, message: `Unsupported method ${method}` } };
  });
  await page.addInitScript(
    ({ names, icon }: { names: string[]; icon: string }) => {
      type Call = (index: number, method: string, params: unknown[]) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
      const call = (window as unknown as { testWalletRequest: Call }).testWalletRequest;
      const details = names.map((name, index) => {
        const provider = {
          async request({ method, params }: { method: string; params?: unknown[] }) {
            const answer = await call(index, method, params ?? []);
            if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
            return answer.result;
          },
        };
        return Object.freeze({ info: { uuid: `00000000-0000-4000-8000-00000000000${index}`, name, icon, rdns: `test.wallet.${index}` }, provider });
      });
      const announce = () => {
        for (const detail of details) window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      };
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { names: wallets.map((w) => w.name), icon: ICON },
  );
  return wallets;
}
