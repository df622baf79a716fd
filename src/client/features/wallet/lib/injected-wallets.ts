/**
 * Wallets injected into the page (browser extensions, in-app browsers), found and asked with plain
 * EIP-1193 calls: no wallet library in the bundle (issue 30). EIP-6963 finds every wallet installed
 * (each announces itself with a name and an icon); an older wallet that only sets `window.ethereum`
 * is the fallback.
 */
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { i18n } from '../../../i18n/i18n.ts';

/** EIP-1193: the one method a wallet provider must have. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
}

export interface InjectedWallet {
  /** EIP-6963's uuid (one per page load), or 'window.ethereum'. */
  id: string;
  name: string;
  /** A data: URI of the wallet's icon (EIP-6963 says it is one), or null. */
  icon: string | null;
  provider: Eip1193Provider;
}

const ANNOUNCE = 'eip6963:announceProvider';
const REQUEST = 'eip6963:requestProvider';
const FALLBACK_ID = 'window.ethereum';

function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

/** An EIP-6963 announcement, checked: what a page cannot trust is a wallet's word about itself. */
function announced(event: Event): InjectedWallet | null {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  if (typeof detail !== 'object' || detail === null) return null;
  const { info, provider } = detail as { info?: unknown; provider?: unknown };
  if (typeof info !== 'object' || info === null || !isProvider(provider)) return null;
  const { uuid, name, icon } = info as { uuid?: unknown; name?: unknown; icon?: unknown };
  if (typeof uuid !== 'string' || !uuid || typeof name !== 'string' || !name.trim()) return null;
  // Only an image as a data: URI is shown (the page's CSP allows no other source anyway).
  const image = typeof icon === 'string' && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(icon) ? icon : null;
  return { id: uuid, name: name.trim().slice(0, 60), icon: image, provider };
}

/** A wallet that sets only `window.ethereum` (before EIP-6963), when no wallet announced itself. */
function legacyWallet(): InjectedWallet | null {
  const ethereum: unknown = (window as { ethereum?: unknown }).ethereum;
  if (!isProvider(ethereum)) return null;
  return { id: FALLBACK_ID, name: i18n._(msg`Browser wallet`), icon: null, provider: ethereum };
}

/**
 * The wallets of this browser, as they announce themselves (a wallet may announce after the page
 * asked: it is added then). Empty on a phone's ordinary browser: the copy-and-paste way is for it.
 */
export function useInjectedWallets(): InjectedWallet[] {
  const [wallets, setWallets] = useState<InjectedWallet[]>([]);
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const wallet = announced(event);
      if (!wallet) return;
      setWallets((known) => (known.some((w) => w.id === wallet.id) ? known : [...known.filter((w) => w.id !== FALLBACK_ID), wallet]));
    };
    window.addEventListener(ANNOUNCE, onAnnounce);
    window.dispatchEvent(new Event(REQUEST));
    // Announcements answer the request at once; a wallet that sets only window.ethereum is taken when none did.
    setWallets((known) => {
      if (known.length) return known;
      const legacy = legacyWallet();
      return legacy ? [legacy] : known;
    });
    return () => window.removeEventListener(ANNOUNCE, onAnnounce);
  }, []);
  return wallets;
}

/** EIP-191 personal_sign takes the message as hex-encoded UTF-8 bytes. */
export function hexUtf8(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A refusal worth telling the person about, in a plain sentence. */
export class WalletError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletError';
  }
}

/** The EIP-1193 error code of a wallet's refusal, when it has one. */
function walletCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : null;
}

/** What a wallet's error means for the person (EIP-1193's codes, and JSON-RPC's 'request already pending'). */
export function walletErrorMessage(error: unknown, walletName: string): string {
  return i18n._(walletErrorDescriptor(error, walletName));
}

function walletErrorDescriptor(error: unknown, walletName: string) {
  switch (walletCode(error)) {
    case 4001:
      return msg`You declined the request in ${walletName}. Nothing was signed; you can try again.`;
    case 4100:
      return msg`${walletName} has not allowed this site to use your account. Connect the account in ${walletName}, then try again.`;
    case 4200:
      return msg`${walletName} cannot sign messages. Use 'Sign in another wallet app' instead.`;
    case 4900:
    case 4901:
      return msg`${walletName} is not connected. Open ${walletName}, unlock it, and try again.`;
    case -32002:
      return msg`${walletName} already has a request waiting. Open ${walletName} to finish or cancel it, then try again.`;
    default:
      return msg`${walletName} could not sign the message. Try again, or use 'Sign in another wallet app' instead.`;
  }
}

/** The accounts the wallet lets this site use (EIP-1102), in the wallet's order. */
export async function requestAccounts(wallet: InjectedWallet): Promise<string[]> {
  const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' });
  if (!Array.isArray(accounts)) return [];
  return accounts.filter((account): account is string => typeof account === 'string' && /^0x[0-9a-fA-F]{40}$/.test(account));
}

/** EIP-191 signature of `message` by `account` (personal_sign: the message first, then the address). */
export async function personalSign(wallet: InjectedWallet, message: string, account: string): Promise<string> {
  const signature = await wallet.provider.request({ method: 'personal_sign', params: [hexUtf8(message), account] });
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
    throw new WalletError(i18n._(msg`${wallet.name} gave back something that is not a signature.`));
  return signature;
}

/** Addresses compare without their checksum's letter case. */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
