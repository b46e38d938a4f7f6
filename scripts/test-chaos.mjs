// `npm run test:chaos`: the reliability and security suite (apps/server/chaos) against the
// PostgreSQL server at TEST_DATABASE_URL; each file makes and drops its own database.
// CHAOS_SCALE (default 1) stretches the timed phases; CI runs a short version (CHAOS_SCALE=0.5).
import { spawnSync } from 'node:child_process';
import { exitIfMissing, missingPostgres } from './prerequisites.mjs';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
exitIfMissing('npm run test:chaos', [await missingPostgres(env.TEST_DATABASE_URL, 'TEST_DATABASE_URL')]);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'apps/server/vitest.chaos.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
);
process.exit(result.status ?? 1);
