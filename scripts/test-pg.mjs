// Runs the server's API tests against a real PostgreSQL server; each test file creates its own
// database there and drops it when done. The rate-limit tests also run against a real Redis.
import { spawnSync } from 'node:child_process';
import { exitIfMissing, missingPostgres, missingRedis } from './prerequisites.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
exitIfMissing('npm run test:pg', [
  await missingPostgres(url, 'TEST_DATABASE_URL'),
  await missingRedis(redisUrl, 'TEST_REDIS_URL'),
]);
// The test setup makes the roles kreyolcash_owner and kreyolcash_app there when missing: each test
// database is the owner's, and every test app signs in as the app's role, with its grants only.
console.log(
  `API tests against PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')} (the apps as kreyolcash_app)`,
);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_REDIS_URL: redisUrl },
});
process.exit(result.status ?? 1);
