import { defineProject } from 'vitest/config';

// Budgets for a shared 2-core machine: a hook copies a migrated template (a second or two when
// quiet) and a test drives the real app; under four busy loops both run several times slower.
// They are ceilings for a hang, not expectations: every wait inside is on a condition.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/global-setup.ts'],
    // Files share a worker's modules instead of importing the whole server again each (that was
    // a third of the suite's time). Each file still opens its own app on its own database; the
    // test helpers' sequences only ever count up, so nothing a file asserts depends on its order.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 60_000 } },
  },
});
