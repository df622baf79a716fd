import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { LanguageProvider } from '../i18n/provider.tsx';
import { Pagination } from './pagination.tsx';

const render = (props: Partial<Parameters<typeof Pagination>[0]>) =>
  renderToStaticMarkup(
    createElement(LanguageProvider, {
      children: createElement(Pagination, { offset: 0, limit: 20, total: 45, label: 'Ambassadors', onOffsetChange: () => undefined, ...props }),
    }),
  );
/** The Next button's opening tag. */
const next = (html: string) => html.split('<button').at(-1)?.split('>')[0] ?? '';

describe('Pagination', () => {
  it('says where the page is in a counted list, and closes Next on the last page', () => {
    expect(render({})).toContain('Showing 1–20 of 45 · Page 1 of 3');
    expect(next(render({}))).not.toContain('aria-disabled="true"');
    const last = render({ offset: 40 });
    expect(last).toContain('Showing 41–45 of 45 · Page 3 of 3');
    expect(next(last)).toContain('aria-disabled="true"');
  });

  it('reads an estimated total as about so many, and keeps Next open while pages come back full', () => {
    const first = render({ total: 75_000, estimated: { shown: 20 } });
    expect(first).toContain('Showing 1–20 of about 75,000 · Page 1 of about 3,750');
    expect(next(first)).not.toContain('aria-disabled="true"');
    // The estimate was low: the list goes on past it, and ends where a page is not full.
    const beyond = render({ offset: 1_000, total: 900, estimated: { shown: 20 } });
    expect(beyond).toContain('Showing 1,001–1,020 of about 900 · Page 51 of about 51');
    expect(next(beyond)).not.toContain('aria-disabled="true"');
    expect(next(render({ offset: 1_020, total: 900, estimated: { shown: 7 } }))).toContain('aria-disabled="true"');
  });

  it('is left out for a short counted list', () => {
    expect(render({ total: 12 })).toBe('');
  });

  it('says it in the page’s language, its figures grouped as the language groups them (issue 40)', async () => {
    const { messages } = (await import(`../../locales/${'es'}/app.po`)) as { messages: Messages };
    // Added to what Spanish has (load), not in its place (loadAndActivate): the worker's next files may read its other catalogs.
    i18n.load('es', messages);
    i18n.activate('es');
    try {
      const html = render({ offset: 1_000, total: 75_000, estimated: { shown: 20 } });
      expect(html).toContain('Mostrando 1.001–1.020 de unos 75.000 · Página 51 de unas 3.750');
      expect(html).toContain('Siguiente');
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
  });
});
