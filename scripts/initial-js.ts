/**
 * The JavaScript a visitor's browser loads for the landing page before it can
 * render: the entry script of index.html, the landing page's route chunk, and
 * everything they import statically (their own chunks, modulepreloaded).
 * and the texts of the page's language (the first catalog its landing.<locale>.html preloads; the
 * language whose texts weigh most is counted). Lazy chunks behind a dynamic import() of another
 * page are not counted.
 * Used by the size budget test and by the benchmark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialJs {
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

/** Static imports of a built chunk: `import"./x.js"`, `from"./x.js"`, `export*from"./x.js"`. */
function staticImports(source: string): string[] {
  return [...source.matchAll(/(?:\bimport|\bfrom)\s*["'`](\.\.?\/[^"'`]+\.js)["'`]/g)].map((m) => m[1] ?? '');
}

export function landingPageInitialJs(clientDir: string, landingChunkPrefix = 'landing-page-'): InitialJs {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const seen = new Set<string>();
  const visit = (file: string) => {
    const absolute = path.join(clientDir, file.replace(/^\//, ''));
    if (seen.has(absolute)) return;
    seen.add(absolute);
    const source = readFileSync(absolute, 'utf8');
    for (const spec of staticImports(source)) visit(path.relative(clientDir, path.resolve(path.dirname(absolute), spec)));
  };
  for (const entry of entries) visit(entry);
  // The landing page's chunk is fetched at once on "/": find it among the entry's dynamic imports.
  const entrySources = [...seen].map((f) => readFileSync(f, 'utf8')).join('\n');
  const landing = [...entrySources.matchAll(/import\(\s*["'`](\.\.?\/[^"'`]+\.js)["'`]\s*\)/g)]
    .map((m) => m[1] ?? '')
    .find((spec) => path.basename(spec).startsWith(landingChunkPrefix));
  if (landing) visit(path.join('assets', path.basename(landing)));
  // The language's catalog: what a language's landing page preloads beyond the rest, the heaviest.
  const languageFiles = readdirSync(clientDir)
    .filter((file) => /^landing\..+\.html$/.test(file))
    .map((file) =>
      [...readFileSync(path.join(clientDir, file), 'utf8').matchAll(/<link rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)]
        .map((m) => path.join(clientDir, m[1] ?? ''))
        .filter((absolute) => !seen.has(absolute)),
    );
  const gzipOf = (files: string[]) => files.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);
  const heaviest = languageFiles.sort((a, b) => gzipOf(b) - gzipOf(a))[0] ?? [];
  for (const file of heaviest) seen.add(file);
  const files = [...seen].map((absolute) => {
    const content = readFileSync(absolute);
    return { file: path.relative(clientDir, absolute), bytes: content.length, gzipBytes: gzipSync(content).length };
  });
  return { files, bytes: files.reduce((s, f) => s + f.bytes, 0), gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0) };
}
