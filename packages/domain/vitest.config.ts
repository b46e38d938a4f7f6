import { defineProject } from 'vitest/config';

// Pure modules: the files of a worker share its imports (isolate: false), as on the server.
export default defineProject({ test: { name: 'domain', include: ['src/**/*.test.ts'], isolate: false } });
