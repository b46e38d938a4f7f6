import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppInstance, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { publishHtgRate } from '../ledger/ledger.ts';
import { memoryRateLimiter, type RateLimiter } from '../lib/rate-limit.ts';
import { fileStoreFor } from '../uploads/file-store-for.ts';
import { checkResponsesAgainstContract } from './contract-check.ts';
import { openAppDatabase, openTestDatabase, type ReadUrlFor } from './test-database.ts';

export type TestApp = {
  app: AppInstance;
  /**
   * The test's own handle on the app's database (see TestDatabase): the schema owner's on
   * PostgreSQL, while the app runs as kreyolcash_app with only the privileges it is granted.
   */
  database: Database;
  config: Config;
  dataDir: string;
  rateLimiter: RateLimiter;
  close(): Promise<void>;
};

/**
 * The real app on a real (fresh) database, with a temporary data directory (uploads in it, or in
 * S3). Every response its `inject` returns is checked against the app's OpenAPI document.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    rateLimiter?: RateLimiter;
    readUrlFor?: ReadUrlFor;
    /** Hooks a test adds to the app, which Fastify takes only before it is ready. */
    beforeReady?: (app: AppInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    ...env,
  });
  const database = await openTestDatabase();
  const appDatabase = await openAppDatabase(database, options.readUrlFor);
  const rateLimiter = options.rateLimiter ?? memoryRateLimiter();
  // As in main.ts, after the database is ready.
  if (config.agentsEnabled) await publishHtgRate(appDatabase.db, config.htgPerKcBp);
  const app = await buildApp({
    config,
    database: appDatabase,
    // As in main.ts: DATA_DIR/uploads, or the bucket that S3_* in `env` names.
    files: await fileStoreFor(config),
    rateLimiter,
  });
  options.beforeReady?.(app);
  await app.ready();
  checkResponsesAgainstContract(app);
  return {
    app,
    database,
    config,
    dataDir,
    rateLimiter,
    close: async () => {
      await app.close();
      if (appDatabase !== database) await appDatabase.close();
      await database.close();
      await rateLimiter.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
