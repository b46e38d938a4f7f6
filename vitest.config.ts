import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; each workspace is a project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    // 2 cores: keep parallelism modest so database-backed suites do not starve each other.
    maxWorkers: 2,
  },
});
