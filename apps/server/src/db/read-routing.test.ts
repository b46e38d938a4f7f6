import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { createReadRouting, READ_AFTER_COOKIE, type ReadRoute } from './read-routing.ts';
import type { DB } from './schema.ts';

// What the routing does when there is no standby, or when the standby cannot serve; the real
// standby's behaviour is in read-routing.pg.test.ts.
describe(`read routing on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let unreachable: Kysely<DB>;
  beforeAll(async () => {
    t = await createTestApp();
    // A port nobody listens on: connections are refused at once.
    const port = await closedPort();
    unreachable = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: `postgres://postgres@127.0.0.1:${port}/kc`,
          connectionTimeoutMillis: 1000,
        }),
      }),
    });
  });
  afterAll(async () => {
    await unreachable.destroy();
    await t.close();
  });

  const client = (readAfter?: string) =>
    ({ cookies: readAfter ? { [READ_AFTER_COOKIE]: readAfter } : {} }) as unknown as FastifyRequest;
  const answer = async (db: Kysely<DB>) => {
    const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(db);
    return rows[0]?.answer;
  };

  it('without a standby, reads on the primary and sets no cookie after a write', async () => {
    const seen: ReadRoute[] = [];
    const routing = createReadRouting({ db: t.database.db }, (route) => seen.push(route));
    expect(await routing.read(client('0/0'), answer)).toBe(42);
    expect(seen).toEqual([]);

    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { authorization: `Bearer ${payer.accessToken}`, 'idempotency-key': randomUUID() },
      payload: { destinatario_email: payee.email, quantidade_centis: 100 },
    });
    expect(started.statusCode).toBe(201);
    expect(started.cookies.map((cookie) => cookie.name)).not.toContain(READ_AFTER_COOKIE);
  });

  it('reads on the primary when the standby cannot be reached, then leaves the standby alone for a while', async () => {
    const seen: ReadRoute[] = [];
    const routing = createReadRouting({ db: t.database.db, standby: unreachable }, (route) =>
      seen.push(route),
    );
    expect(await routing.read(client(), answer)).toBe(42);
    // The second read does not try the standby again: its reason says so, with no wait on a clock.
    expect(await routing.read(client(), answer)).toBe(42);
    expect(seen).toEqual([
      { server: 'primary', reason: 'standby_unreachable' },
      { server: 'primary', reason: 'standby_away' },
    ]);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'never takes a server out of recovery (a promoted standby, a primary given by mistake) for a standby',
    async () => {
      const seen: ReadRoute[] = [];
      const routing = createReadRouting({ db: t.database.db, standby: t.database.db }, (route) =>
        seen.push(route),
      );
      expect(await routing.read(client(), answer)).toBe(42);
      expect(seen).toEqual([{ server: 'primary', reason: 'not_in_recovery' }]);
    },
  );
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
