import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`who invited me: GET /api/referrals/inviter/:code on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  let address = 0;
  // Each test asks from its own address, so that the per-IP limit of one does not touch another.
  const from = () => {
    address += 1;
    return `10.0.7.${address}`;
  };
  const codeOf = async (u: SeededUser) =>
    (
      await t.app.inject({ url: '/api/referrals', headers: { authorization: `Bearer ${u.accessToken}` } })
    ).json().codigo_indicacao as string;
  const ask = (code: string, remoteAddress = from()) =>
    t.app.inject({ url: `/api/referrals/inviter/${encodeURIComponent(code)}`, remoteAddress });

  it('answers the inviter’s first name and nothing else, without a session, whatever the case', async () => {
    const inviter = await seedUser(t);
    const code = await codeOf(inviter);
    const res = await ask(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nome: 'Jean' });
    expect((await ask(` ${code.toLowerCase()} `)).json()).toEqual({ nome: 'Jean' });
  });

  it('answers 404 not_found for an unknown, a malformed or an inactive account’s code', async () => {
    const blocked = await seedUser(t);
    const blockedCode = await codeOf(blocked);
    await t.database.db
      .updateTable('usuarios')
      .set({ status: 'INATIVO' })
      .where('id', '=', blocked.id)
      .execute();
    for (const code of ['ZZZZZZZZ', 'a b!', 'X'.repeat(65), blockedCode]) {
      const res = await ask(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(res.body).not.toContain('Jean');
    }
  });

  it('limits one address to 30 questions in 10 minutes, so the codes cannot be walked', async () => {
    const address = from();
    for (let i = 0; i < 30; i += 1) expect((await ask('ZZZZZZZZ', address)).statusCode).toBe(404);
    const res = await ask('ZZZZZZZZ', address);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    // Another address is not held back.
    expect((await ask('ZZZZZZZZ')).statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/referrals/inviter/{code}']?.get).toBeDefined();
  });
});
