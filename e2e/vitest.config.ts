import { defineConfig } from 'vitest/config';

// One server and one browser for the whole run: start-up dominates, the tests themselves are quick.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // A backstop for a hung test, not a speed target: a test may wait out the provider's sign-in
    // limit (up to a minute) on top of its own steps on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
