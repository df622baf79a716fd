import { stringToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { hexUtf8, personalSign, requestAccounts, sameAddress, walletErrorMessage, type InjectedWallet } from './injected-wallets.ts';

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

/** A wallet that answers as a real one would: the key signs what personal_sign is given, as bytes. */
function wallet(answer: (method: string, params: readonly unknown[]) => unknown): InjectedWallet {
  return {
    id: 'test',
    name: 'Test Wallet',
    icon: null,
    provider: { request: async ({ method, params }) => answer(method, Array.isArray(params) ? params : []) },
  };
}

describe('the injected wallet calls (plain EIP-1193, no wallet library)', () => {
  it('hands personal_sign the message as hex-encoded UTF-8, so the signature is the one a wallet app makes of the text', async () => {
    const message = 'example.org wants you to sign in with your Ethereum account:\nÜber café ⚽ 0x…';
    expect(hexUtf8(message)).toBe(stringToHex(message));
    const signer = wallet((method, [raw, address]) => {
      expect(method).toBe('personal_sign');
      expect(address).toBe(account.address);
      return account.signMessage({ message: { raw: raw as `0x${string}` } });
    });
    expect(await personalSign(signer, message, account.address)).toBe(await account.signMessage({ message }));
  });

  it('keeps only well-formed accounts, and compares addresses without their checksum case', async () => {
    const accounts = await requestAccounts(wallet(() => [account.address.toLowerCase(), 'not an address', 42]));
    expect(accounts).toEqual([account.address.toLowerCase()]);
    expect(sameAddress(accounts[0] ?? '', account.address)).toBe(true);
    expect(await requestAccounts(wallet(() => null))).toEqual([]);
  });

  it('refuses an answer that is not a signature', async () => {
    await expect(
      personalSign(
        wallet(() => ({ signature: '0x12' })),
        'hello',
        account.address,
      ),
    ).rejects.toThrow('Test Wallet gave back something that is not a signature.');
  });

  it('says what a wallet refusal means, by its EIP-1193 code', () => {
    expect(walletErrorMessage({ code: 4001, message: 'User rejected the request.' }, 'MetaMask')).toBe(
      'You declined the request in MetaMask. Nothing was signed; you can try again.',
    );
    expect(walletErrorMessage({ code: -32002 }, 'Rabby')).toMatch(/^Rabby already has a request waiting/);
    expect(walletErrorMessage({ code: 4900 }, 'Rabby')).toMatch(/^Rabby is not connected/);
    expect(walletErrorMessage(new Error('boom'), 'Rabby')).toMatch(/^Rabby could not sign the message/);
  });
});
