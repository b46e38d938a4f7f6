import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Unit tests of the web app (pure modules; the screens are covered by the e2e journeys) and of its
// build's plugins.
export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Each file imports its modules afresh: some keep what a session did (the movements already
  // placed on top, the shared event stream), and one file's must not reach another's.
  // The server's budgets (ceilings for a hang on a busy machine, not expectations).
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', '*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
