import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { openTestDatabase, testDatabaseKind } from '../../test-support/test-database.ts';
import { diskFileStore } from '../../uploads/file-store.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

// The probes of orchestrators and load balancers; /api/health itself is checked in health.test.ts.
describe(`liveness and readiness on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers live and ready, and not ready while draining', async () => {
    expect((await t.app.inject('/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
    t.app.deps.lifecycle.draining = true;
    try {
      const draining = await t.app.inject('/api/health/ready');
      expect([draining.statusCode, draining.json()]).toEqual([
        503,
        { status: 'not_ready', reason: 'draining' },
      ]);
      expect((await t.app.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      t.app.deps.lifecycle.draining = false;
    }
  });
});

describe('readiness of a database not migrated yet, then gone', () => {
  it('answers 503 until the migrations ran, 503 when the database is down, and stays live', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kc-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: SECRET,
    });
    const database = await openTestDatabase({ migrate: false });
    const app = await buildApp({
      config,
      database,
      files: diskFileStore(dataDir),
      rateLimiter: memoryRateLimiter(),
    });
    try {
      const ready = async () => {
        const res = await app.inject('/api/health/ready');
        return [res.statusCode, res.json()];
      };
      expect(await ready()).toEqual([503, { status: 'not_ready', reason: 'migrations_pending' }]);
      await migrateToLatest(database.db);
      expect(await ready()).toEqual([200, { status: 'ready' }]);
      await database.close();
      expect(await ready()).toEqual([503, { status: 'not_ready', reason: 'database_down' }]);
      expect((await app.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
