import { describe, expect, it } from 'vitest';
import { addMoney, multiplyMoney } from './money.ts';

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
