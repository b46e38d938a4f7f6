import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { codeIn, MESSAGE_CONTENT } from '../../test-support/outbox-messages.ts';
import { phoneChangeRequests } from '../../test-support/phone-change.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// A frozen account's phone stays as it is: whoever holds a lost phone with an open session cannot
// move the account's WhatsApp to their own number while the owner waits for support.

describe(`phone change of a frozen account on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support = '';
  let compliance = '';
  beforeAll(async () => {
    t = await createTestApp();
    support = (await operatorSession(t, 'support')).cookie;
    compliance = (await operatorSession(t, 'compliance')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  const { freshPhone, auth, start, verify } = phoneChangeRequests(() => t, '+50955');
  const selfFreeze = (u: SeededUser) =>
    t.app.inject({ method: 'POST', url: '/api/me/freeze', headers: auth(u) });
  const operatorCall = (cookie: string, action: 'freeze' | 'unfreeze', userId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/${action}`,
      headers: { cookie },
      payload: {
        motivo: 'Telefòn pèdi',
        categoria: action === 'freeze' ? 'telefone_perdido' : 'identidade_confirmada',
      },
    });
  const phoneOf = async (u: SeededUser) =>
    (
      await t.database.db
        .selectFrom('usuarios')
        .select('telefone')
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow()
    ).telefone;
  const changesOf = (u: SeededUser) =>
    t.database.db
      .selectFrom('mudancas_telefone')
      .select(['id', 'etapa', 'novo_telefone'])
      .where('user_id', '=', u.id)
      .orderBy('criado_em')
      .execute();
  /** Every WhatsApp message to these numbers, and every code the ledger keeps for the user. */
  const sentTo = async (u: SeededUser, phones: string[]) => ({
    messages: await t.database.db
      .selectFrom('outbox_messages')
      .select(['id', 'recipient', 'purpose'])
      .where('recipient', 'in', phones)
      .orderBy('id')
      .execute(),
    codes: await t.database.db
      .selectFrom('codigos_verificacao')
      .select(['sujeito_id', 'finalidade', 'tentativas', 'usado_em'])
      .where('user_id', '=', u.id)
      .orderBy('criado_em')
      .execute(),
  });
  const codeSent = async (changeId: string, purpose: 'phone_change_current' | 'phone_change_new') =>
    codeIn(
      await t.database.db
        .selectFrom('outbox_messages')
        .select([...MESSAGE_CONTENT])
        .where('referencia', '=', changeId)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
  const expectFrozenRefusal = (res: Awaited<ReturnType<typeof start>>) =>
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'account_frozen']);

  it('refuses to start a change on a frozen account: no code sent, no change kept, the phone as it was', async () => {
    const user = await seedUser(t);
    expect((await selfFreeze(user)).statusCode).toBe(200);
    const novo = freshPhone();
    const before = await sentTo(user, [user.telefone, novo]);

    expectFrozenRefusal(await start(user, novo));

    expect(await phoneOf(user)).toBe(user.telefone);
    expect(await changesOf(user)).toEqual([]);
    expect(await sentTo(user, [user.telefone, novo])).toEqual(before);
    const state = await t.app.inject({ url: '/api/me/phone-change', headers: auth(user) });
    expect(state.json()).toEqual({ change: null });
  });

  it('refuses an operator-frozen account the same way', async () => {
    const user = await seedUser(t);
    expect((await operatorCall(compliance, 'freeze', user.id)).statusCode).toBe(200);
    expectFrozenRefusal(await start(user, freshPhone()));
    expect(await changesOf(user)).toEqual([]);
  });

  it('does not let a change started before the freeze go on at the current-number step', async () => {
    const user = await seedUser(t);
    const novo = freshPhone();
    expect((await start(user, novo)).statusCode).toBe(202);
    const [change] = await changesOf(user);
    if (!change) throw new Error('no change started');
    const currentCode = await codeSent(change.id, 'phone_change_current');
    expect((await selfFreeze(user)).statusCode).toBe(200);
    const before = await sentTo(user, [user.telefone, novo]);

    expectFrozenRefusal(await verify(user, 'verify-current', currentCode));

    // No code goes to the new number, the code is not spent, and the change is over.
    expect(await sentTo(user, [user.telefone, novo])).toEqual(before);
    expect(await changesOf(user)).toEqual([{ id: change.id, etapa: 'cancelled', novo_telefone: novo }]);
    expect(await phoneOf(user)).toBe(user.telefone);
  });

  it('does not let a change started before the freeze finish, not even after support unfreezes', async () => {
    const user = await seedUser(t);
    const novo = freshPhone();
    expect((await start(user, novo)).statusCode).toBe(202);
    const [change] = await changesOf(user);
    if (!change) throw new Error('no change started');
    expect(
      (await verify(user, 'verify-current', await codeSent(change.id, 'phone_change_current'))).statusCode,
    ).toBe(202);
    const newCode = await codeSent(change.id, 'phone_change_new');
    expect((await selfFreeze(user)).statusCode).toBe(200);
    const before = await sentTo(user, [user.telefone, novo]);

    expectFrozenRefusal(await verify(user, 'verify-new', newCode));
    expect(await phoneOf(user)).toBe(user.telefone);
    expect(await changesOf(user)).toEqual([{ id: change.id, etapa: 'cancelled', novo_telefone: novo }]);
    expect(await sentTo(user, [user.telefone, novo])).toEqual(before);

    // Support's unfreeze message goes to the owner's number, and the old code is worth nothing.
    expect((await operatorCall(support, 'unfreeze', user.id)).statusCode).toBe(200);
    const late = await verify(user, 'verify-new', newCode);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'phone_change_not_pending']);
    expect(await phoneOf(user)).toBe(user.telefone);
    const unfreezeNotice = await t.database.db
      .selectFrom('outbox_messages')
      .select('recipient')
      .where('purpose', '=', 'account_unfrozen_by_support')
      .where('referencia', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(unfreezeNotice.recipient).toBe(user.telefone);
  });

  it('refuses a frozen account a corrected sign-up number, and leaves its phone as it was', async () => {
    const user = await seedUser(t, { phoneProven: false });
    expect((await selfFreeze(user)).statusCode).toBe(200);
    const novo = freshPhone();
    const before = await sentTo(user, [user.telefone, novo]);
    const corrected = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone-proof',
      headers: auth(user),
      payload: { telefone: novo },
    });
    expectFrozenRefusal(corrected);
    expect(await phoneOf(user)).toBe(user.telefone);
    expect(await sentTo(user, [user.telefone, novo])).toEqual(before);
  });
});
