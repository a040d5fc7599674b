import { defineConfig } from 'vitest/config';

// Guards that time CPU (bench/lib/hot-path-cost.test.ts): under the unit suite's own
// parallel load the app's CPU per request grew 40% more than the bare server's, so they
// run after it, one file at a time, on a machine doing nothing else.
export const GUARDS = ['bench/lib/hot-path-cost.test.ts'];

export default defineConfig({
  test: {
    name: 'guards',
    include: GUARDS,
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 240_000,
  },
});
