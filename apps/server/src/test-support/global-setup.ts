import type { TestProject } from 'vitest/node';
import { buildDatabaseTemplate } from './database-template.ts';

/** Vitest's global setup: the run's migrated database template, built once, removed at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const built = await buildDatabaseTemplate(process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', built.template);
  return () => built.remove();
}
