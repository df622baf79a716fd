import { describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import { API_TEXTS, translatedMessage, translatedRefusal, valueRefusalDescriptor } from './api-messages.ts';
import { i18n } from './i18n.ts';
import { LINK_REFUSALS } from '../../shared/schemas/messages.ts';
import { VALUE_TEXTS, valueMessage } from '../../shared/error-codes.ts';

describe('the API’s refusals in the page’s language', () => {
  it('say, in English, a sentence with values as the server’s does with the same values', () => {
    // A sentence with values says, in English, what the server's does with the same values: both from the shared template.
    const said = (code: string, values: Record<string, string>) => i18n._(valueRefusalDescriptor(code, values) ?? { id: code });
    expect(said('WALLET_CHANGE_HOLD', { hours: '48' })).toBe(valueMessage('WALLET_CHANGE_HOLD', { hours: '48' }));
    expect(said('WALLET_CHANGE_HOLD', { hours: '48' })).toBe('For your security, withdrawals are paused for 48 hours after a wallet address change');
    expect(said('CLAIM_LIMIT', { max: '3' })).toBe(valueMessage('CLAIM_LIMIT', { max: '3' }));
    expect(said('TEXT_MISSING', { code: 'ABC123' })).toBe(valueMessage('TEXT_MISSING', { code: 'ABC123' }));
    expect(said('LINK_TAKEN', {})).toBe(LINK_REFUSALS.taken);
    expect(said('WALLET_PROOF_DOMAIN', { expected: 'a.example', got: 'b.example' })).toBe(
      valueMessage('WALLET_PROOF_DOMAIN', { expected: 'a.example', got: 'b.example' }),
    );
    expect(said('WALLET_PROOF_CHAIN', { got: '1' })).toBe('This message is for chain 1; payouts are made on BNB Smart Chain (chain 56)');
  });

  it('are said from their code and values, and as the server wrote them when the code is unknown', () => {
    // A made-up language: the real catalogs stay as the worker's next files expect them (isolate: false).
    const country = API_TEXTS.get('APPLICATION_COUNTRY') ?? '';
    const held = VALUE_TEXTS.WALLET_CHANGE_HOLD;
    i18n.loadAndActivate({ locale: 'xx', messages: { [country]: 'El país es obligatorio', [held]: 'Pausa de {hours} horas' } });
    expect(translatedRefusal({ code: 'APPLICATION_COUNTRY', message: 'Country is required' })).toBe('El país es obligatorio');
    expect(translatedRefusal({ code: 'WALLET_CHANGE_HOLD', values: { hours: '48' }, message: 'ignored' })).toBe('Pausa de 48 horas');
    expect(translatedRefusal({ code: 'SOMETHING_NEWER', message: 'Something only the server says' })).toBe('Something only the server says');
    expect(translatedRefusal({ code: null, message: 'No code at all' })).toBe('No code at all');
    // The page's own texts from the shared schemas are said by their code too.
    expect(translatedMessage('Country is required')).toBe('El país es obligatorio');
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it('says a time in a refusal in the page’s language, with its zone, not as the API’s ISO text', async () => {
    // Added to what Spanish has, not in its place: an earlier file of the worker may have loaded its catalog.
    const spanish = 'es';
    const { messages } = (await import(`../../locales/${spanish}/app.po`)) as { messages: Messages };
    i18n.load('es', messages);
    i18n.activate('es');
    const values = { deadline: '2026-12-08T14:05:00.000Z' };
    const said = translatedRefusal({ code: 'APPEAL_LATE', values, message: valueMessage('APPEAL_LATE', values) });
    expect(said).toContain('El plazo de 14 días');
    expect(said).not.toContain('T14:05');
    expect(said).toMatch(/ 8 dic 2026, \d{1,2}:05 \S+$/);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });
});

describe('the client’s code', () => {
  it('never reads the meaning of a refusal from its English (DECISIONS §7): only lib/api.ts touches the server’s sentence', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = new URL('..', import.meta.url).pathname;
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    const offenders = files.filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return file !== join('lib', 'api.ts') && /\bserverMessage\b|API_PATTERNS|\.message\??\.(startsWith|endsWith|includes|match)\(/.test(text);
    });
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
