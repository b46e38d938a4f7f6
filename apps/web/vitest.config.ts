import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Unit tests of the web app (pure modules; the screens are covered by the e2e journeys) and of its
// build's plugins.
export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Pure modules: the files of a worker share its imports (isolate: false), as on the server.
  test: { name: 'web', include: ['src/**/*.test.ts', '*.test.ts'], environment: 'node', isolate: false },
});
