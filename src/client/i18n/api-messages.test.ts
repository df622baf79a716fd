import { describe, expect, it } from 'vitest';
import { API_MESSAGES, translatedMessage } from './api-messages.ts';
import { i18n } from './i18n.ts';

describe('the API’s messages in the page’s language', () => {
  it('keys each translation by its own English text, word for word', () => {
    expect(API_MESSAGES.size).toBeGreaterThan(20);
    for (const [english, descriptor] of API_MESSAGES) expect(descriptor.message, english).toBe(english);
  });

  it('translates a known message and leaves an unknown one as the server wrote it', () => {
    i18n.loadAndActivate({ locale: 'es', messages: { [API_MESSAGES.get('Country is required')?.id ?? '']: 'El país es obligatorio' } });
    expect(translatedMessage('Country is required')).toBe('El país es obligatorio');
    expect(translatedMessage('Something only the server says')).toBe('Something only the server says');
  });
});
