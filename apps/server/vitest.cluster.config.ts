import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the production topology on this one machine (scripts/test-cluster.mjs
// installs its parts). One file at a time: each starts a whole cluster.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['cluster/**/*.cluster.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
