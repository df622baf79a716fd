import { describe, expect, it } from 'vitest';
import { checkWithdrawal } from './withdrawal-check.ts';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('checkWithdrawal', () => {
  it('accepts an amount from 50 up to the withdrawable balance, sent as a number', () => {
    expect(checkWithdrawal('50', ADDRESS, '120.00')).toEqual({ ok: true, amount: 50, walletAddress: ADDRESS });
    expect(checkWithdrawal('120.00', ` ${ADDRESS} `, '120.00')).toEqual({ ok: true, amount: 120, walletAddress: ADDRESS });
  });
  it('refuses below the minimum or not a number', () => {
    for (const amount of ['49.99', '', 'abc', '-60', '0']) {
      const result = checkWithdrawal(amount, ADDRESS, '1000.00');
      expect(result.ok ? null : result.problem).toEqual({ field: 'amount', title: 'Invalid Amount', message: 'Minimum withdrawal amount is 50 USDT' });
    }
  });
  it('refuses more than 2 decimals', () => {
    const result = checkWithdrawal('60.001', ADDRESS, '1000.00');
    expect(result.ok ? null : result.problem.message).toBe('Amount can have at most 2 decimal places');
  });
  it('refuses more than the withdrawable balance, to the cent', () => {
    const result = checkWithdrawal('100.01', ADDRESS, '100.00');
    expect(result.ok ? null : result.problem).toEqual({
      field: 'amount',
      title: 'Insufficient Balance',
      message: "You don't have enough USDT to withdraw this amount",
    });
  });
  it('refuses an empty address', () => {
    const result = checkWithdrawal('60', '  ', '100.00');
    expect(result.ok ? null : result.problem).toEqual({
      field: 'walletAddress',
      title: 'Invalid Address',
      message: 'Please enter a valid BEP20 wallet address',
    });
  });
});
