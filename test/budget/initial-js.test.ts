/**
 * Size budget (not a timing): the JavaScript the landing page loads before it
 * renders stays within 120 kB gzip, measured by size-limit on the built pages
 * (test/global-setup.ts builds them when stale).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import filePlugin from '@size-limit/file';
import sizeLimit from 'size-limit';
import { describe, expect, it } from 'vitest';
import { landingPageInitialJs } from '../../scripts/initial-js.ts';

const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));
export const LANDING_JS_BUDGET_BYTES = 120 * 1024;

describe('landing page size budget', () => {
  it('loads at most 120 kB of gzipped JavaScript before it renders', async () => {
    const initial = landingPageInitialJs(CLIENT_DIR);
    // The entry script, the landing page's chunk and what they import statically.
    expect(initial.files.some((f) => f.file.startsWith(`assets${path.sep}landing-page-`))).toBe(true);
    const files = initial.files.map((f) => path.join(CLIENT_DIR, f.file));
    // gzip, as the budget says (size-limit measures brotli unless told).
    const results = (await sizeLimit([filePlugin], { checks: [{ files, gzip: true }] } as never)) as { size?: number }[];
    const size = results[0]?.size ?? Number.POSITIVE_INFINITY;
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  });

  it('leaves every script, style and picture of 1 kB or more with its .br and .gz beside it, each the same file (the server sends them as they are)', () => {
    const assets = path.join(CLIENT_DIR, 'assets');
    const names = readdirSync(assets);
    const compressible = names.filter((name) => /\.(js|css|svg|json)$/.test(name) && statSync(path.join(assets, name)).size >= 1024);
    expect(compressible.some((name) => name.endsWith('.js'))).toBe(true);
    expect(compressible.some((name) => name.endsWith('.css'))).toBe(true);
    for (const name of compressible) {
      const original = readFileSync(path.join(assets, name));
      const brotli = readFileSync(path.join(assets, `${name}.br`));
      const gzip = readFileSync(path.join(assets, `${name}.gz`));
      expect(brotliDecompressSync(brotli).equals(original), name).toBe(true);
      expect(gunzipSync(gzip).equals(original), name).toBe(true);
      expect(brotli.length, name).toBeLessThan(original.length);
    }
  });
});
