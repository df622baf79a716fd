import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('while loading shows a spinner and says it is busy, without the disabled attribute (the focus stays)', () => {
    const html = renderToStaticMarkup(createElement(Button, { loading: true, type: 'submit' }, 'Save'));
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('aria-disabled="true"');
    expect(html).toMatch(/<svg[^>]*animate-spin/);
    expect(html).not.toMatch(/\sdisabled=/);
  });

  it('unavailable but focusable: aria-disabled without the disabled attribute or a spinner', () => {
    const html = renderToStaticMarkup(createElement(Button, { disabledFocusable: true }, 'Next'));
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toContain('aria-busy="');
    expect(html).not.toContain('<svg');
    expect(html).not.toMatch(/\sdisabled=/);
  });

  it('otherwise is a plain button', () => {
    const html = renderToStaticMarkup(createElement(Button, null, 'Save'));
    expect(html).not.toContain('aria-busy="');
    expect(html).not.toContain('<svg');
    expect(html).toContain('type="button"');
  });
});
