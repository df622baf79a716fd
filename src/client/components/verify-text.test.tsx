import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStatic } from '../../../test/helpers/render.ts';
import { englishOf, textOf, VERIFY_TEXTS, type VerifyText, type VerifyTextId } from '../../shared/verify-texts.ts';
import { activateLocale, i18n } from '../i18n/i18n.ts';
import { useVerifyText } from './verify-text.ts';

function Said({ text }: { text: VerifyText }) {
  return createElement('p', null, useVerifyText()(text));
}

const said = (text: VerifyText) =>
  renderStatic(createElement(Said, { text }))
    .replace(/^<p>|<\/p>$/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** Each text with every value filled in: "Log: the terms (entry 7)". */
const samples = (Object.keys(VERIFY_TEXTS) as VerifyTextId[]).map((id) => {
  const names = [...VERIFY_TEXTS[id].id.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  return textOf(id, Object.fromEntries(names.map((name, i) => [name, i % 2 ? i * 1000 : `v${i}`])));
});

describe("a verification's words", () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('are, in English, what the command-line verifiers print, from the catalog and without one', async () => {
    await activateLocale('en', ['app']);
    for (const text of samples) expect(said(text), text.id).toBe(englishOf(text));
    // A language whose catalog lacks a text says its English (its id).
    // (A language of no catalog: emptying Spanish's would empty it for the files this worker runs next.)
    await i18n.loadAndActivate({ locale: 'xx', messages: {} });
    for (const text of samples) expect(said(text), text.id).toBe(englishOf(text));
  });

  it('are said in the page’s language, with their values as the checks wrote them', async () => {
    await activateLocale('es', ['app']);
    expect(said(textOf('winner', { position: 2 }))).toBe('Ganador 2');
    expect(said(textOf('logTermsAt', { seq: 7 }))).toBe('Registro: las condiciones (entrada 7)');
    expect(said(textOf('logChained', { count: 12345 }))).toContain('12345');
    expect(said(textOf('chainChanged'))).toBe('su hash no coincide con su contenido (la entrada fue modificada)');
    await activateLocale('pt-BR', ['app']);
    expect(said(textOf('chainTest'))).toBe('Cadeia do beacon: cadeia de teste, não drand quicknet');
  });
});
