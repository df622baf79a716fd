import { describe, expect, it } from 'vitest';
import { isValidBep20Address, normalizeBep20Address, shortenAddress } from './wallet.ts';

/** The test vectors of EIP-55. */
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

function flipCaseAt(address: string, index: number): string {
  const ch = address[index] ?? '';
  const flipped = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  return address.slice(0, index) + flipped + address.slice(index + 1);
}

describe('BEP20 addresses', () => {
  it.each(EIP55)('accepts the EIP-55 vector %s as it is', (address) => {
    expect(normalizeBep20Address(address)).toBe(address);
  });

  it.each(EIP55)('refuses %s with any one letter in the other case', (address) => {
    const letters = [...address.slice(2)].map((c, i) => ({ c, i: i + 2 })).filter(({ c }) => /[a-f]/i.test(c));
    expect(letters.length).toBeGreaterThan(0);
    for (const { i } of letters) expect(isValidBep20Address(flipCaseAt(address, i))).toBe(false);
  });

  it.each(EIP55)('accepts %s in lower case and stores it checksummed', (address) => {
    expect(normalizeBep20Address(address.toLowerCase())).toBe(address);
    expect(normalizeBep20Address(`0x${address.slice(2).toUpperCase()}`)).toBe(address);
  });

  it('refuses the zero address, wrong lengths, missing prefix and non-hex', () => {
    for (const bad of [
      '0x0000000000000000000000000000000000000000',
      '0x123',
      `${EIP55[0]}0`,
      EIP55[0]?.slice(2) ?? '',
      '0xZZZeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '',
    ]) {
      expect(isValidBep20Address(bad)).toBe(false);
    }
  });

  it('shortens for tables', () => {
    expect(shortenAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5aAe...eAed');
  });
});
