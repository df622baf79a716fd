/** A client component rendered to HTML as the page renders it: inside the i18n provider, in English (test/setup-i18n.ts). */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export function renderStatic(element: ReactNode): string {
  return renderToStaticMarkup(createElement(I18nProvider, { i18n }, element));
}
