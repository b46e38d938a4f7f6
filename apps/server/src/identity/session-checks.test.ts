import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { readAccessToken } from './access-token.ts';
import { sessionChecks } from './session-checks.ts';

// Checks asked in one turn of the event loop leave together, in one query.
describe(`session checks asked together, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const claimsOf = async (u: SeededUser) => {
    const claims = await readAccessToken(u.accessToken, t.config.jwtSecret);
    if (!claims) throw new Error('seeded token unreadable');
    return claims;
  };

  it('answers each by the database at once: open, revoked, someone else’s session, unknown', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const [ca, cb, cc] = [await claimsOf(a), await claimsOf(b), await claimsOf(c)];
    await sql`update sessoes set revogado_em = now() where id = ${cb.sessionId}::uuid`.execute(t.database.db);
    const checks = sessionChecks(t.database.db);
    const before = { ...checks.sent };
    const answers = await Promise.all([
      checks.run(ca),
      checks.run(ca),
      checks.run(cb), // revoked
      checks.run({ userId: a.id, sessionId: cc.sessionId }), // C's session with A's id
      checks.run({ userId: c.id, sessionId: '00000000-0000-4000-8000-000000000000' }),
      checks.run(cc),
    ]);
    expect(answers).toEqual([true, true, false, false, false, true]);
    expect(checks.sent.calls - before.calls).toBe(1);
    // Revoked now, refused at the next request: nothing was kept.
    await sql`update sessoes set revogado_em = now() where id = ${ca.sessionId}::uuid`.execute(t.database.db);
    expect(await checks.run(ca)).toBe(false);
    const res = await t.app.inject({
      url: '/api/wallet',
      headers: { authorization: `Bearer ${a.accessToken}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
