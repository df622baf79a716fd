import { describe, expect, it } from 'vitest';
import { readMoneyInput } from './money.ts';
import { localizedAmount, localizedCount, separatorsOf } from './money-input.ts';

const read = (typed: string, locale: string) => readMoneyInput(localizedAmount(typed, locale));
const ok = (value: string) => ({ ok: true, value });
const refused = (problem: 'format' | 'precision' | 'negative') => ({ ok: false, problem });

describe('a typed amount in the page language', () => {
  it('knows each language’s separators', () => {
    expect(separatorsOf('en')).toEqual({ decimal: '.', group: ',' });
    expect(separatorsOf('es').decimal).toBe(',');
    expect(separatorsOf('pt-BR')).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('tr').decimal).toBe(',');
    expect(separatorsOf('id')).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('pseudo')).toEqual({ decimal: '.', group: ',' });
  });

  it.each([
    // 50,5 in Spanish is 50.50, and English is kept as it was.
    ['50,5', 'es', ok('50.50')],
    ['50,50', 'pt-BR', ok('50.50')],
    [' 75,25 ', 'tr', ok('75.25')],
    ['50.5', 'en', ok('50.50')],
    ['50', 'id', ok('50.00')],
    // English typed on a Spanish page: a dot that cannot group thousands is the decimal point.
    ['50.5', 'es', ok('50.50')],
    ['50,5', 'en', ok('50.50')],
    // Thousands in the language’s own grouping.
    ['1.250,50', 'es', ok('1250.50')],
    ['1.000', 'pt-BR', ok('1000.00')],
    ['1,000', 'en', ok('1000.00')],
    ['1,250.50', 'en', ok('1250.50')],
    ['1.250.000,5', 'id', ok('1250000.50')],
    ['1 250,50', 'tr', ok('1250.50')],
    // What is not an amount is left for the exact reader to refuse. A comma is Spanish's decimal
    // separator: three decimals are refused, not read as thousands.
    ['50,555', 'es', refused('precision')],
    ['50,123', 'en', ok('50123.00')],
    ['5,0,5', 'es', refused('format')],
    ['1.25,0.5', 'es', refused('format')],
    ['50,505', 'tr', refused('precision')],
    ['50,5a', 'es', refused('format')],
    ['-50,5', 'es', refused('negative')],
    ['0,005', 'pt-BR', refused('precision')],
    ['abc', 'es', refused('format')],
  ])('reads %j typed in %s as %o', (typed, locale, result) => {
    expect(read(typed, locale)).toEqual(result);
  });
});

describe('a typed count in the page language (issue 40)', () => {
  it.each([
    ['1.000', 'es', '1000'],
    ['1.250.000', 'pt-BR', '1250000'],
    ['1,000', 'en', '1000'],
    ['5000', 'tr', '5000'],
    [' 12\u00a0500 ', 'id', '12500'],
  ])('reads the language’s grouping and digits alone: %j in %s is %j', (typed, locale, count) => {
    expect(localizedCount(typed, locale)).toBe(count);
  });

  it.each([
    // Another language's grouping, a decimal, a misplaced separator.
    ['1,000', 'es'],
    ['1.000', 'en'],
    ['1.5', 'es'],
    ['10.00', 'pt-BR'],
  ])('leaves anything else for the schema to refuse: %j in %s is kept as typed', (typed, locale) => {
    expect(localizedCount(typed, locale)).toBe(typed);
  });
});
