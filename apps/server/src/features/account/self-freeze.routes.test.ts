import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createConfirmedUser,
  logIn,
  type SignedInUser,
  TEST_PASSWORD,
} from '../../test-support/accounts.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// "I lost my phone": the owner's freeze signs every other session out at once, the lost phone's
// among them; the session that froze stays open. An operator's freeze leaves the sessions alone.

describe(`the owner's freeze and the account's sessions on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let compliance = '';
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
    compliance = (await operatorSession(t, 'compliance')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (u: SignedInUser) => t.app.inject({ url: '/api/me', headers: bearer(u) });
  const refresh = (u: SignedInUser) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: u.refreshCookie } });
  const selfFreeze = (u: SignedInUser) =>
    t.app.inject({ method: 'POST', url: '/api/me/freeze', headers: bearer(u) });
  const endReasons = (userId: string) =>
    t.database.db
      .selectFrom('sessoes')
      .select('motivo_revogacao')
      .where('user_id', '=', userId)
      .orderBy('criado_em')
      .execute();
  /** The owner on a borrowed phone, and the lost phone still signed in. */
  const ownerAndLostPhone = async () => {
    const lostPhone = await createConfirmedUser(t);
    const owner = await logIn(t, lostPhone.email, TEST_PASSWORD);
    return { owner, lostPhone };
  };

  it('signs every other session out at once and keeps the freezing one', async () => {
    const { owner, lostPhone } = await ownerAndLostPhone();
    const third = await logIn(t, owner.email, TEST_PASSWORD);
    expect((await me(lostPhone)).statusCode).toBe(200);

    const frozen = await selfFreeze(owner);
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({ congelado: true, congelado_por: 'usuario' });

    for (const other of [lostPhone, third]) {
      const refused = await me(other);
      expect([refused.statusCode, refused.json().error.code]).toEqual([401, 'unauthorized']);
      const phoneChange = await t.app.inject({
        method: 'POST',
        url: '/api/me/phone-change',
        headers: bearer(other),
        payload: { novo_telefone: '+50955123456' },
      });
      expect(phoneChange.statusCode).toBe(401);
      // Its refresh token cannot open it again.
      expect((await refresh(other)).statusCode).toBe(401);
    }
    expect(await endReasons(owner.id)).toEqual([
      { motivo_revogacao: 'self_freeze' },
      { motivo_revogacao: null },
      { motivo_revogacao: 'self_freeze' },
    ]);
    const still = await me(owner);
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ congelado: true });
    expect((await refresh(owner)).statusCode).toBe(200);
  });

  it('signs out, at a second tap, a session opened since the first', async () => {
    const { owner, lostPhone } = await ownerAndLostPhone();
    expect((await selfFreeze(owner)).statusCode).toBe(200);
    const since = await logIn(t, owner.email, TEST_PASSWORD);
    expect((await me(since)).statusCode).toBe(200);

    const again = await selfFreeze(owner);
    expect(again.statusCode).toBe(200);
    expect((await me(since)).statusCode).toBe(401);
    expect((await me(lostPhone)).statusCode).toBe(401);
    expect((await me(owner)).statusCode).toBe(200);
  });

  it("leaves every session open at an operator's freeze", async () => {
    const { owner, lostPhone } = await ownerAndLostPhone();
    const frozen = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${owner.id}/freeze`,
      headers: { cookie: compliance },
      payload: { motivo: 'Telefòn pèdi', categoria: 'telefone_perdido' },
    });
    expect(frozen.statusCode).toBe(200);
    for (const session of [owner, lostPhone]) {
      const seen = await me(session);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ congelado: true, congelado_por: 'operador' });
    }
    expect(await endReasons(owner.id)).toEqual([{ motivo_revogacao: null }, { motivo_revogacao: null }]);
  });
});
