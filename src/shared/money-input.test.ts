import { describe, expect, it } from 'vitest';
import { readMoneyInput } from './money.ts';
import { localizedAmount, localizedCount, separatorsOf } from './money-input.ts';

const read = (typed: string, locale: string) => readMoneyInput(localizedAmount(typed, locale));

describe('a typed amount in the page language', () => {
  it('knows each language’s separators', () => {
    expect(separatorsOf('en')).toEqual({ decimal: '.', group: ',' });
    expect(separatorsOf('es').decimal).toBe(',');
    expect(separatorsOf('pt-BR')).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('tr').decimal).toBe(',');
    expect(separatorsOf('id')).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('pseudo')).toEqual({ decimal: '.', group: ',' });
  });

  it('reads 50,5 in Spanish as 50.50 and keeps English as it was', () => {
    expect(read('50,5', 'es')).toEqual({ ok: true, value: '50.50' });
    expect(read('50,50', 'pt-BR')).toEqual({ ok: true, value: '50.50' });
    expect(read(' 75,25 ', 'tr')).toEqual({ ok: true, value: '75.25' });
    expect(read('50.5', 'en')).toEqual({ ok: true, value: '50.50' });
    expect(read('50', 'id')).toEqual({ ok: true, value: '50.00' });
    // English typed on a Spanish page: a dot that cannot group thousands is the decimal point.
    expect(read('50.5', 'es')).toEqual({ ok: true, value: '50.50' });
    expect(read('50,5', 'en')).toEqual({ ok: true, value: '50.50' });
  });

  it('reads thousands in the language’s own grouping', () => {
    expect(read('1.250,50', 'es')).toEqual({ ok: true, value: '1250.50' });
    expect(read('1.000', 'pt-BR')).toEqual({ ok: true, value: '1000.00' });
    expect(read('1,000', 'en')).toEqual({ ok: true, value: '1000.00' });
    expect(read('1,250.50', 'en')).toEqual({ ok: true, value: '1250.50' });
    expect(read('1.250.000,5', 'id')).toEqual({ ok: true, value: '1250000.50' });
    expect(read('1 250,50', 'tr')).toEqual({ ok: true, value: '1250.50' });
  });

  it('leaves what is not an amount for the exact reader to refuse', () => {
    // A comma is Spanish's decimal separator: three decimals are refused, not read as thousands.
    expect(read('50,555', 'es')).toEqual({ ok: false, problem: 'precision' });
    expect(read('50,123', 'en')).toEqual({ ok: true, value: '50123.00' });
    expect(read('5,0,5', 'es')).toEqual({ ok: false, problem: 'format' });
    expect(read('1.25,0.5', 'es')).toEqual({ ok: false, problem: 'format' });
    expect(read('50,505', 'tr')).toEqual({ ok: false, problem: 'precision' });
    expect(read('50,5a', 'es')).toEqual({ ok: false, problem: 'format' });
    expect(read('-50,5', 'es')).toEqual({ ok: false, problem: 'negative' });
    expect(read('0,005', 'pt-BR')).toEqual({ ok: false, problem: 'precision' });
    expect(read('abc', 'es')).toEqual({ ok: false, problem: 'format' });
  });
});

describe('a typed count in the page language (issue 40)', () => {
  it('reads the language’s grouping and digits alone, and leaves anything else for the schema to refuse', () => {
    expect(localizedCount('1.000', 'es')).toBe('1000');
    expect(localizedCount('1.250.000', 'pt-BR')).toBe('1250000');
    expect(localizedCount('1,000', 'en')).toBe('1000');
    expect(localizedCount('5000', 'tr')).toBe('5000');
    expect(localizedCount(' 12\u00a0500 ', 'id')).toBe('12500');
    // Another language's grouping, a decimal, a misplaced separator: as typed.
    expect(localizedCount('1,000', 'es')).toBe('1,000');
    expect(localizedCount('1.000', 'en')).toBe('1.000');
    expect(localizedCount('1.5', 'es')).toBe('1.5');
    expect(localizedCount('10.00', 'pt-BR')).toBe('10.00');
  });
});
