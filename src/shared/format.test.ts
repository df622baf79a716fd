import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatGcm,
  formatSignedAmount,
  formatThousands,
  formatUsdt,
  formatUsdtThousands,
  formatWeek,
  formatWholeGcm,
  initials,
} from './format.ts';

describe('formatGcm (up to 2 decimals)', () => {
  it.each([
    ['0', '0'],
    ['0.00', '0'],
    ['3.00', '3'],
    ['1250.50', '1,250.5'],
    ['1250.05', '1,250.05'],
    ['1234567.89', '1,234,567.89'],
    ['-12.30', '-12.3'],
  ])('%s -> %s', (input, expected) => expect(formatGcm(input)).toBe(expected));

  it('treats missing or malformed input as 0', () => {
    expect(formatGcm(null)).toBe('0');
    expect(formatGcm(undefined)).toBe('0');
    expect(formatGcm('abc')).toBe('0');
  });

  it('does not drift where a float would', () => {
    expect(formatGcm('999999999999999999.99')).toBe('999,999,999,999,999,999.99');
  });
});

describe('formatUsdt (exactly 2 decimals with $)', () => {
  it.each([
    ['0', '$0.00'],
    ['50', '$50.00'],
    ['1250.5', '$1,250.50'],
    ['0.10', '$0.10'],
    ['-50.00', '-$50.00'],
    ['123456789012345678.01', '$123,456,789,012,345,678.01'],
  ])('%s -> %s', (input, expected) => expect(formatUsdt(input)).toBe(expected));
  it('missing is $0.00', () => expect(formatUsdt(undefined)).toBe('$0.00'));
});

describe('formatWholeGcm (leaderboard)', () => {
  it.each([
    ['0.00', '0'],
    ['1250.49', '1,250'],
    ['1250.50', '1,251'],
    ['999.99', '1,000'],
    ['5000', '5,000'],
  ])('%s -> %s', (input, expected) => expect(formatWholeGcm(input)).toBe(expected));
});

describe('hero statistics in thousands', () => {
  it.each([
    [undefined, '0K+'],
    ['0', '0K+'],
    ['999.99', '0K+'],
    ['1000.00', '1K+'],
    ['12999.99', '12K+'],
    ['2500000', '2,500K+'],
  ])('%s -> %s', (input, expected) => expect(formatThousands(input)).toBe(expected));
  it('USDT gets a $', () => {
    expect(formatUsdtThousands('45000.10')).toBe('$45K+');
    expect(formatUsdtThousands(null)).toBe('$0K+');
  });
});

describe('other helpers', () => {
  it('counts', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount('12')).toBe('12');
  });
  it('signed amounts', () => {
    expect(formatSignedAmount('100.00', 'GCM')).toBe('+100 GCM');
    expect(formatSignedAmount('-75.50', 'USDT')).toBe('-$75.50');
    expect(formatSignedAmount('75.5', 'USDT')).toBe('+$75.50');
  });
  it('initials', () => {
    expect(initials('Jane Mary Doe')).toBe('JD');
    expect(initials('  cher ')).toBe('C');
    expect(initials('')).toBe('?');
    expect(initials(null)).toBe('?');
  });
  it('dates of report weeks are calendar dates (UTC)', () => {
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate(null)).toBe('-');
    expect(formatWeek('2026-11-07', '2026-11-14')).toBe('Nov 7 - Nov 14, 2026');
  });
});
