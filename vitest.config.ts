import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a page as long as a locator does (its default, 1 s, is too short on a busy machine).
    expect: { poll: { timeout: 15_000, interval: 50 } },
    // Two cores: database-backed files run side by side, two at a time.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-console.ts'],
  },
});
