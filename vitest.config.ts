import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import SlowestFirst from './test/runner/slowest-first.ts';

/**
 * Lingui's Babel preset. Its native transform (`macroTransform`) would need a binary that npm skips
 * under the machine's Node 20 (its engines ask for 22.19), so Babel it is, and its advice is quiet.
 */
function linguiMacros() {
  process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= '1';
  return linguiTransformerBabelPreset();
}

export default defineConfig({
  // The client's texts are Lingui macros (vite.config.ts).
  plugins: [babel({ presets: [linguiMacros()] }), lingui()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a page as long as a locator does (its default, 1 s, is too short on a busy machine).
    expect: { poll: { timeout: 15_000, interval: 50 } },
    // Three files at a time on two cores. The run is bound by CPU, Chromium's included (which `time` does not
    // see: docs/testing.md). The seventh session went back to two after three took 1,490 s and starved a
    // browser test past its 60 s on a machine that turned out to be 2 to 3 times slower than a fresh one; in
    // the eighth, on a fresh machine with the browser tests in Chromium's headless shell (half the CPU of its
    // whole browser), three took 345 s and two 437 s, both green, the slowest test 21.5 s. Browser files take
    // turns with the others (test/runner/slowest-first.ts).
    maxWorkers: 3,
    // A worker keeps what it imported from one test file to the next (the server's modules, a
    // Chromium, its PGlite instances: test/helpers/database.ts), instead of a new process per file.
    // What that asks of a test file is in docs/testing.md: leave no module state behind.
    isolate: false,
    // The slowest files start first (test/runner/slowest-first.ts), so the workers end together.
    sequence: { sequencer: SlowestFirst },
    globalSetup: ['test/global-setup.ts'],
    // TEST_LEAKS=DIR: what each file leaves running in its worker, a line a file (test/setup-leaks.ts).
    setupFiles: ['test/setup-console.ts', 'test/setup-i18n.ts', ...(process.env.TEST_LEAKS ? ['test/setup-leaks.ts'] : [])],
    // The second tells scripts/test.ts which files a crash of V8 itself cut short (test/runner/worker-crashes.ts).
    reporters: ['default', './test/runner/crash-reporter.ts'],
  },
});
