import { defineProject } from 'vitest/config';

// Pure modules: the files of a worker share its imports (isolate: false), as on the server. A test
// that takes 1 s on a quiet machine took more than Vitest's default 5 s beside browsers: the
// budget is the server's.
export default defineProject({
  test: { name: 'domain', include: ['src/**/*.test.ts'], isolate: false, testTimeout: 120_000 },
});
