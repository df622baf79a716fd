import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isLocale, localeOf, pickLocale } from './locales.ts';

describe('the product’s languages (DECISIONS §6)', () => {
  it('matches a language tag exactly, else by its primary language, ignoring case', () => {
    expect(localeOf('pt-BR')).toBe('pt-BR');
    expect(localeOf('pt-br')).toBe('pt-BR');
    expect(localeOf('pt')).toBe('pt-BR');
    expect(localeOf('pt-PT')).toBe('pt-BR');
    expect(localeOf('es-MX')).toBe('es');
    expect(localeOf('TR')).toBe('tr');
    expect(localeOf('id-ID')).toBe('id');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('de-DE')).toBeNull();
    expect(localeOf('')).toBeNull();
    expect(localeOf(undefined)).toBeNull();
  });

  it('reads Accept-Language by its q-values, in order for equal ones, without the refused (q=0) and *', () => {
    expect(acceptedLanguages('de;q=0.9, es-MX, tr;q=0.95, *;q=0.1')).toEqual(['es-MX', 'tr', 'de']);
    expect(acceptedLanguages('fr, en;q=0, id')).toEqual(['fr', 'id']);
    expect(acceptedLanguages('pt-BR;q=0.8, pt;q=0.8')).toEqual(['pt-BR', 'pt']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages('en;q=abc')).toEqual([]);
  });

  it('picks the saved language, else the cookie, else the first wanted one it has, else English', () => {
    expect(pickLocale('tr', 'es', 'pt-BR')).toBe('tr');
    expect(pickLocale(null, 'es', 'pt-BR')).toBe('es');
    expect(pickLocale('xx', 'yy', 'de, pt;q=0.5, es;q=0.4')).toBe('pt-BR');
    expect(pickLocale(undefined, undefined, ['fr-FR', 'id'])).toBe('id');
    expect(pickLocale(null, null, 'de, fr')).toBe('en');
    expect(pickLocale(null, null, null)).toBe('en');
  });

  it('knows its five languages and nothing else', () => {
    expect(['en', 'es', 'pt-BR', 'tr', 'id'].every(isLocale)).toBe(true);
    expect(isLocale('pt')).toBe(false);
    expect(isLocale('EN')).toBe(false);
    expect(isLocale(3)).toBe(false);
  });
});
