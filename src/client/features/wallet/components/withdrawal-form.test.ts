import { describe, expect, it } from 'vitest';
import { withdrawalForm } from './withdrawal-form.ts';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

function messages(amount: unknown, walletAddress: string, withdrawable: string, locale = 'en'): Record<string, string> {
  const result = withdrawalForm(withdrawable, locale).safeParse({ amount, walletAddress });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the withdrawal form (the shared schema plus the page’s own checks)', () => {
  it('accepts an amount from 50 up to the withdrawable balance, read exactly', () => {
    expect(withdrawalForm('120.00', 'en').parse({ amount: '50', walletAddress: ` ${ADDRESS} ` })).toEqual({ amount: '50.00', walletAddress: ADDRESS });
    expect(withdrawalForm('120.00', 'en').parse({ amount: '120.00', walletAddress: ADDRESS }).amount).toBe('120.00');
  });

  it('refuses below the minimum with the spec’s message, and what is not a number as such', () => {
    for (const amount of ['49.99', '-60', '0']) {
      expect(messages(amount, ADDRESS, '1000.00'), amount).toEqual({ amount: 'Minimum withdrawal amount is 50 USDT' });
    }
    // Not a number at all ('1e2' among them) is not 'below 50': it says how to write one.
    for (const amount of ['', 'abc', '1e2']) {
      expect(messages(amount, ADDRESS, '1000.00'), amount).toEqual({ amount: 'Enter the amount as a number, like 75 or 75.50' });
    }
  });

  it('refuses more than 2 decimals and more than the withdrawable balance, to the cent', () => {
    expect(messages('60.001', ADDRESS, '1000.00')).toEqual({ amount: 'Amount can have at most 2 decimal places' });
    expect(messages('100.01', ADDRESS, '100.00')).toEqual({ amount: "You don't have enough USDT to withdraw this amount" });
  });

  it('reads the amount as the page’s language writes it: 50,5 in Spanish is 50.50 (issue 32)', () => {
    expect(withdrawalForm('120.00', 'es').parse({ amount: '50,5', walletAddress: ADDRESS }).amount).toBe('50.50');
    expect(withdrawalForm('2000.00', 'pt-BR').parse({ amount: '1.250,75', walletAddress: ADDRESS }).amount).toBe('1250.75');
    expect(messages('49,99', ADDRESS, '1000.00', 'tr')).toEqual({ amount: 'Minimum withdrawal amount is 50 USDT' });
    expect(messages('60,001', ADDRESS, '1000.00', 'id')).toEqual({ amount: 'Amount can have at most 2 decimal places' });
  });

  it('needs an address, and leaves its format to the server', () => {
    expect(messages('60', '  ', '100.00')).toEqual({ walletAddress: 'Please enter a valid BEP20 wallet address' });
    expect(messages('60', '0xnot-an-address', '100.00')).toEqual({});
    expect(messages('', '', '100.00')).toEqual({
      amount: 'Enter the amount as a number, like 75 or 75.50',
      walletAddress: 'Please enter a valid BEP20 wallet address',
    });
  });
});
