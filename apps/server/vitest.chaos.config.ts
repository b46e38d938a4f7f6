import { defineConfig } from 'vitest/config';

// `npm run test:chaos`: the reliability and security suite against real PostgreSQL (and real
// server processes). Files run one after another: several of them kill processes or load the
// machine, and their figures must not disturb each other.
export default defineConfig({
  test: {
    name: 'chaos',
    root: import.meta.dirname,
    include: ['chaos/**/*.chaos.ts'],
    globalSetup: ['src/test-support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
