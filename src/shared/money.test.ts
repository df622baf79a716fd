import { describe, expect, it } from 'vitest';
import { addMoney, multiplyMoney, readMoneyInput } from './money.ts';

describe('multiplyMoney', () => {
  it('multiplies exactly in cents', () => {
    expect(multiplyMoney('20.00', 10)).toBe('200.00');
    expect(multiplyMoney('0.10', 3)).toBe('0.30');
    expect(multiplyMoney('19.99', 0)).toBe('0.00');
    expect(addMoney(multiplyMoney('20.00', 10), '300.00', '200.00', '100.00', '50.00', '50.00')).toBe('900.00');
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => multiplyMoney('1.00', 1.5)).toThrow();
  });
});

describe('readMoneyInput', () => {
  it('tells a number below zero from text that is not a number', () => {
    expect(readMoneyInput('75.50')).toEqual({ ok: true, value: '75.50' });
    expect(readMoneyInput(60)).toEqual({ ok: true, value: '60.00' });
    for (const value of ['-60', -1, '-0.5']) expect(readMoneyInput(value), String(value)).toEqual({ ok: false, problem: 'negative' });
    for (const value of ['1e2', 'fifty', '', '+5', '0x10', null, true]) expect(readMoneyInput(value), String(value)).toEqual({ ok: false, problem: 'format' });
    expect(readMoneyInput('1.001')).toEqual({ ok: false, problem: 'precision' });
  });
});
