/**
 * BEP20 (EVM) addresses: 0x + 40 hex digits, EIP-55 checksum-valid when mixed
 * case, never the zero address. The checksum comes from viem, not our own keccak.
 */
import { getAddress } from 'viem/utils';

export const BEP20_ADDRESS_MESSAGE = /*i18n*/ 'Please provide a valid BEP20 wallet address';
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO_ADDRESS = /^0x0{40}$/;

/** The checksummed form of a valid address, or null when the address is not acceptable. */
export function normalizeBep20Address(input: string): string | null {
  const address = input.trim();
  if (!HEX_ADDRESS.test(address) || ZERO_ADDRESS.test(address)) return null;
  const hex = address.slice(2);
  const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  const checksummed = getAddress(`0x${hex.toLowerCase()}`);
  if (singleCase) return checksummed;
  return checksummed === address ? checksummed : null;
}

export function isValidBep20Address(input: string): boolean {
  return normalizeBep20Address(input) !== null;
}

/** "0x1234...abcd" for tables. */
export function shortenAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}...${address.slice(-4)}` : address;
}
