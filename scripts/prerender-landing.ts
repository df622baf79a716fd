/**
 * The last step of `vite build` (vite.config.ts): writes dist/client/landing.<locale>.html for each
 * language, the built index.html with the landing page's HTML in that language inside #root, and
 * the landing route's chunks and the language's first catalog preloaded. The server sends one of
 * them for "/" only (src/server/pages.ts); every other page path gets the empty index.html. See
 * docs/decisions/007-prerendered-landing.md and 024-languages.md.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALES, type Locale } from '../src/shared/locales.ts';

/** The prerendered landing page of a language. */
export function landingHtmlFile(locale: Locale): string {
  return `landing.${locale}.html`;
}
const EMPTY_ROOT = '<div id="root"></div>';

/** The part of a built chunk this step reads (Rollup's and Rolldown's OutputChunk). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

/** The landing route's chunk and the chunks it imports statically, as the browser will load them. */
export function landingChunks(chunks: BuiltChunk[], landingModule: string): string[] {
  const landing = chunks.find((chunk) => chunk.facadeModuleId === landingModule);
  if (!landing) throw new Error(`prerender: no chunk is built from ${landingModule}`);
  return importedBy(chunks, landing.fileName);
}

/** The chunk of a language's first catalog (src/locales/<locale>/public.po) and what it imports. */
export function catalogChunks(chunks: BuiltChunk[], catalogFile: (locale: Locale) => string): Record<Locale, string[]> {
  const entries = LOCALES.map((locale) => {
    const chunk = chunks.find((c) => c.facadeModuleId === catalogFile(locale));
    if (!chunk) throw new Error(`prerender: no chunk is built from ${catalogFile(locale)}`);
    return [locale, importedBy(chunks, chunk.fileName)] as const;
  });
  return Object.fromEntries(entries) as Record<Locale, string[]>;
}

function importedBy(chunks: BuiltChunk[], start: string): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(start);
  return [...files];
}

/**
 * The page is readable before any script runs: its scripts only make it interactive. At low
 * priority they leave the connection to the HTML and the stylesheet first.
 */
function lowerScriptPriority(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

/**
 * The stylesheet inside the page: the first paint waits for no other request. Only a sheet that
 * refers to nothing by relative URL (those would resolve against the page instead) is inlined.
 */
function inlineStylesheets(html: string, clientDir: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (link, file: string) => {
    const css = readFileSync(path.join(clientDir, file), 'utf8');
    return /url\(|<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}

export async function writePrerenderedLanding(options: {
  clientDir: string;
  serverEntry: string;
  preload: string[];
  catalogs: Record<Locale, string[]>;
}): Promise<void> {
  const indexFile = path.join(options.clientDir, 'index.html');
  const shell = readFileSync(indexFile, 'utf8');
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`prerender: ${indexFile} has no ${EMPTY_ROOT}`);
  if (!shell.includes('<html lang="en">')) throw new Error(`prerender: ${indexFile} has no <html lang="en">`);
  const { renderLandingPage } = (await import(pathToFileURL(options.serverEntry).href)) as { renderLandingPage: (locale: Locale) => Promise<string> };
  for (const locale of LOCALES) {
    const markup = await renderLandingPage(locale);
    // The page's Content-Security-Policy allows no inline script; React must not have written one.
    if (/<script/i.test(markup)) throw new Error('prerender: the landing page markup contains a <script>');
    if (!markup.includes('<h1')) throw new Error('prerender: the landing page markup has no headline');
    // The entry's own chunks are preloaded by index.html already.
    const preloads = [...options.preload, ...options.catalogs[locale]]
      .filter((file) => !shell.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    const head = (preloads ? shell.replace('</head>', `  ${preloads}\n  </head>`) : shell).replace('<html lang="en">', `<html lang="${locale}">`);
    const page = inlineStylesheets(lowerScriptPriority(head), options.clientDir).replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
    writeFileSync(path.join(options.clientDir, landingHtmlFile(locale)), page);
  }
  rmSync(path.dirname(options.serverEntry), { recursive: true, force: true });
}
