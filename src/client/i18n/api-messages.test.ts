import { describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATTERNS, translatedMessage } from './api-messages.ts';
import { i18n } from './i18n.ts';
import { DECISION_MESSAGES } from '../../shared/schemas/decisions.ts';

describe('the API’s messages in the page’s language', () => {
  it('keys each translation by its own English text, word for word', () => {
    expect(API_MESSAGES.size).toBeGreaterThan(20);
    for (const [english, descriptor] of API_MESSAGES) expect(descriptor.message, english).toBe(english);
  });

  it('translates a known message and leaves an unknown one as the server wrote it', () => {
    // A language of its own: replacing Spanish's messages would empty them for the files this worker runs next.
    i18n.loadAndActivate({ locale: 'xx', messages: { [API_MESSAGES.get('Country is required')?.id ?? '']: 'El país es obligatorio' } });
    expect(translatedMessage('Country is required')).toBe('El país es obligatorio');
    expect(translatedMessage('Something only the server says')).toBe('Something only the server says');
  });

  it('reads a message with values by its English sentence, word for word, and carries the values into the translation', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    for (const { english, match, translate, rewrites } of API_PATTERNS) {
      const values = Array.from({ length: english.length }, (_, index) => `${index + 7}`);
      const sentence = english(...values);
      expect(Object.values(match.exec(sentence)?.groups ?? {}).sort(), sentence).toEqual(values);
      if (!sentence.includes('(Reference:') && !rewrites) expect(i18n._(translate(...values))).toBe(sentence);
    }
    const held = API_PATTERNS[0]?.translate('48');
    // A made-up language: the real catalogs stay as the worker's next files expect them (isolate: false).
    i18n.loadAndActivate({ locale: 'xx', messages: { [held?.id ?? '']: 'Pausa de {hours} horas' } });
    expect(translatedMessage('For your security, withdrawals are paused for 48 hours after a wallet address change')).toBe('Pausa de 48 horas');
    // A failure's sentence keeps the request id the server logged.
    expect(translatedMessage('Something went wrong on our side. Please try again. (Reference: req-1)')).toBe(
      'Something went wrong on our side. Please try again. (Reference: req-1)',
    );
  });

  it('says a time in a refusal in the page’s language, with its zone, not as the API’s ISO text', () => {
    // Added to what Spanish has, not in its place: an earlier file of the worker may have loaded its catalog.
    i18n.load('es', {});
    i18n.activate('es');
    const said = translatedMessage(DECISION_MESSAGES.appealLate('2026-12-08T14:05:00.000Z'));
    expect(said).not.toContain('T14:05');
    expect(said).toMatch(/ 8 dic 2026, \d{1,2}:05 \S+$/);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });
});
