/**
 * Size budget (not a timing): the JavaScript the landing page loads before it
 * renders stays within 120 kB gzip, measured by size-limit on the built pages
 * (test/global-setup.ts builds them when stale).
 */
import path from 'node:path';
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
});
