import { describe, expect, it } from 'vitest';
import { formatDate, formatGcm, formatSignedAmount, formatUsdt, formatWeek } from './format.ts';
import { dateIn, gcmIn, signedAmountIn, usdtAmountIn, usdtIn, utcTimeIn, weekIn } from './localized-format.ts';

describe('figures and dates in a product language', () => {
  it('keeps the spec’s English formats exactly', () => {
    for (const amount of ['0', '12.5', '1250.50', '-50', '1000000.01']) {
      expect(usdtIn(amount, 'en')).toBe(`${formatUsdt(amount)} USDT`);
      expect(gcmIn(amount, 'en')).toBe(formatGcm(amount));
    }
    expect(dateIn('2026-11-14', 'en')).toBe(formatDate('2026-11-14'));
    expect(weekIn('2026-11-07', '2026-11-14', 'en')).toBe(formatWeek('2026-11-07', '2026-11-14'));
    expect(utcTimeIn('2026-11-17T14:05:00Z', 'en')).toBe('Nov 17, 2026, 2:05 PM UTC');
    // Not a product language: English.
    expect(usdtIn('12.5', 'xx')).toBe('$12.50 USDT');
  });

  it('writes numbers as each language does, USDT as a number and the unit', () => {
    expect(usdtIn('1250.5', 'es')).toBe('1.250,50 USDT');
    expect(usdtIn('1250.5', 'pt-BR')).toBe('1.250,50 USDT');
    expect(usdtIn('1250.5', 'tr')).toBe('1.250,50 USDT');
    expect(usdtIn('1250.5', 'id')).toBe('1.250,50 USDT');
    expect(usdtIn('-50', 'es')).toBe('-50,00 USDT');
    expect(gcmIn('1250.50', 'es')).toBe('1.250,5');
    expect(gcmIn('3.00', 'pt-BR')).toBe('3');
    expect(dateIn('2026-11-14', 'es')).toMatch(/14.*nov.*2026/);
    expect(weekIn('2026-11-07', '2026-11-14', 'pt-BR')).toMatch(/^7 de nov.* - 14 de nov.* 2026$/);
    expect(utcTimeIn('2026-11-17T14:05:00Z', 'tr')).toMatch(/17 Kas 2026.*14:05 UTC$/);
  });

  it('signs a ledger amount with its unit', () => {
    for (const [amount, currency] of [
      ['-75.50', 'USDT'],
      ['12.25', 'USDT'],
      ['1250.5', 'GCM'],
      ['-3', 'GCM'],
    ] as const)
      expect(signedAmountIn(amount, currency, 'en')).toBe(formatSignedAmount(amount, currency));
    expect(signedAmountIn('-75.5', 'USDT', 'es')).toBe('-75,50 USDT');
    expect(usdtAmountIn('75.5', 'en')).toBe(formatUsdt('75.5'));
    expect(usdtAmountIn('75.5', 'id')).toBe('75,50 USDT');
    expect(signedAmountIn('1250.5', 'GCM', 'tr')).toBe('+1.250,5 GCM');
  });
});
