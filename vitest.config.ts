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
    // Two files at a time on two cores. The run is bound by CPU (with Chromium's, which `time` does not
    // see: docs/testing.md, the seventh session). One quiet session measured three workers at 645 s and
    // two at 708 s, but in the seventh session three workers took 1,490 s twice, with Chromium 156, and a
    // browser test starved past its 60 s; two leave each file its core. Browser files take turns with
    // the others (test/runner/slowest-first.ts).
    maxWorkers: 2,
    // A worker keeps what it imported from one test file to the next (the server's modules, a
    // Chromium, its PGlite instances: test/helpers/database.ts), instead of a new process per file.
    // What that asks of a test file is in docs/testing.md: leave no module state behind.
    isolate: false,
    // The slowest files start first (test/runner/slowest-first.ts), so the workers end together.
    sequence: { sequencer: SlowestFirst },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-console.ts', 'test/setup-i18n.ts'],
    // The second tells scripts/test.ts which files a crash of V8 itself cut short (test/runner/worker-crashes.ts).
    reporters: ['default', './test/runner/crash-reporter.ts'],
  },
});
