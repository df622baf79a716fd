import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStatic } from '../../../test/helpers/render.ts';
import { VERIFY_TEXTS, readVerifyText, verifyText, type VerifyTextId } from '../../shared/verify-texts.ts';
import { activateLocale, i18n } from '../i18n/i18n.ts';
import { useVerifyText } from './verify-text.ts';

function Said({ text }: { text: string }) {
  return createElement('p', null, useVerifyText()(text));
}

const said = (text: string) =>
  renderStatic(createElement(Said, { text }))
    .replace(/^<p>|<\/p>$/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** Each template with every value filled in: "Log: the terms (entry 7)". */
const samples = (Object.keys(VERIFY_TEXTS) as VerifyTextId[]).map((id) => {
  const names = [...VERIFY_TEXTS[id].matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  return { id, text: verifyText(id, Object.fromEntries(names.map((name, i) => [name, `v${i}`]))) };
});

describe("a verification's words", () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('are read back as the text and values that wrote them, and other words are not', () => {
    for (const { id, text } of samples) expect(readVerifyText(text)?.id, text).toBe(id);
    expect(readVerifyText('Log: prize withheld from Ana Lima (entry 12)')).toEqual({ id: 'logPrizeWithheldAt', values: { name: 'Ana Lima', seq: '12' } });
    expect(readVerifyText('Something else')).toBeNull();
  });

  it('are the checks’ English in English, and the same English in the client’s own words for each text', async () => {
    for (const { text } of samples) expect(said(text)).toBe(text);
    // A language whose catalog lacks every text falls back to the client's English: it must be the checks' own.
    // (A language of no catalog: emptying Spanish's would empty it for the files this worker runs next.)
    await i18n.loadAndActivate({ locale: 'xx', messages: {} });
    for (const { text } of samples) expect(said(text), text).toBe(text);
  });

  it('are said in the page’s language', async () => {
    await activateLocale('es', ['app']);
    expect(said(verifyText('winner', { position: 2 }))).toBe('Ganador 2');
    expect(said(verifyText('logTermsAt', { seq: 7 }))).toBe('Registro: las condiciones (entrada 7)');
    expect(said('its hash does not match its content (the entry was changed)')).toBe('su hash no coincide con su contenido (la entrada fue modificada)');
    expect(said('Published by hand')).toBe('Published by hand');
    await activateLocale('pt-BR', ['app']);
    expect(said(verifyText('chainTest'))).toBe('Cadeia do beacon: cadeia de teste, não drand quicknet');
  });
});
