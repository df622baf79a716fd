import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatGcm, formatSignedAmount, formatUsdt, formatWeek, formatWholeGcm } from './format.ts';
import {
  countIn,
  thousandsIn,
  dateIn,
  gcmIn,
  signedAmountIn,
  usdtAmountIn,
  usdtIn,
  utcTimeIn,
  weekIn,
  wholeGcmIn,
  zonedDateTimeIn,
} from './localized-format.ts';

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
    for (const locale of ['es', 'pt-BR', 'tr', 'id']) expect(usdtIn('1250.5', locale)).toBe('1.250,50 USDT');
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

  it('writes leaderboard GCM and counts as the page’s language groups digits (issue 40: "2,000 GCM" read as two)', () => {
    for (const amount of ['0', '1250.50', '2000', '-3.5', '1000000.49']) expect(wholeGcmIn(amount, 'en')).toBe(formatWholeGcm(amount));
    expect(wholeGcmIn('2000', 'es')).toBe('2.000');
    expect(wholeGcmIn('1250.50', 'pt-BR')).toBe('1.251');
    expect(wholeGcmIn('1000000.49', 'tr')).toBe('1.000.000');
    expect(countIn(1234567, 'en')).toBe(formatCount(1234567));
    expect(countIn(1234, 'id')).toBe('1.234');
    expect(countIn('2000', 'es')).toBe('2.000');
    expect(countIn(null, 'es')).toBe('0');
  });

  it('writes the landing page’s figures as the page’s language groups digits (issue 40: the hero said "1,234K+" in Spanish)', () => {
    expect(thousandsIn('1234567.89', 'en')).toBe('1,234K+');
    expect(thousandsIn('1234567.89', 'en', true)).toBe('$1,234K+');
    expect(thousandsIn('1234567.89', 'es')).toBe('1.234K+');
    expect(thousandsIn('1234567.89', 'pt-BR', true)).toBe('1.234K+');
    expect(thousandsIn('-5.00', 'es')).toBe('0K+');
    expect(countIn(12345, 'en')).toBe('12,345');
    expect(countIn(12345, 'es')).toBe('12.345');
    expect(countIn('7', 'tr')).toBe('7');
  });

  it('names the time zone of a moment where people in several zones compare it', () => {
    expect(zonedDateTimeIn('2026-11-14T15:05:00Z', 'en', 'UTC')).toBe('Nov 14, 2026, 3:05 PM UTC');
    expect(zonedDateTimeIn('2026-11-14T15:05:00Z', 'es', 'Europe/Madrid')).toBe('14 nov 2026, 16:05 CET');
    expect(zonedDateTimeIn('2026-11-14T15:05:00Z', 'pt-BR', 'America/Sao_Paulo')).toMatch(/^14 de nov\.? de 2026,? 12:05 BRT$/);
    expect(zonedDateTimeIn(null, 'es')).toBe('-');
  });
});
