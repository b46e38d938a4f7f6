import { MAX_CODE_ATTEMPTS } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { codeIn, MESSAGE_CONTENT, textOf } from '../../test-support/outbox-messages.ts';
import { phoneChangeRequests } from '../../test-support/phone-change.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`phone change on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const { freshPhone, auth, start, verify } = phoneChangeRequests(() => t, '+5094');
  const cancel = (u: SeededUser) =>
    t.app.inject({ method: 'DELETE', url: '/api/me/phone-change', headers: auth(u) });
  const state = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/me/phone-change', headers: auth(u) })).json().change;
  const phoneOf = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/me', headers: auth(u) })).json().telefone as string;
  const openChange = (u: SeededUser) =>
    t.database.db
      .selectFrom('mudancas_telefone')
      .selectAll()
      .where('user_id', '=', u.id)
      .orderBy('criado_em', 'desc')
      .executeTakeFirstOrThrow();
  /** A step's code as the ledger keeps it (codigos_verificacao: subject, purpose). */
  const codeRow = async (u: SeededUser, purpose: 'phone_change_current' | 'phone_change_new') =>
    t.database.db
      .selectFrom('codigos_verificacao')
      .selectAll()
      .where('sujeito_id', '=', (await openChange(u)).id)
      .where('finalidade', '=', purpose)
      .executeTakeFirstOrThrow();
  /** Moves the open change's codes past their expiry. */
  const expireCodes = async (u: SeededUser) => {
    const { id } = await openChange(u);
    await sql`update codigos_verificacao set expira_em = now() - interval '1 second' where sujeito_id = ${id}`.execute(
      t.database.db,
    );
  };
  /** The code as its phone's owner reads it on WhatsApp. */
  const codeSent = async (u: SeededUser, purpose: 'phone_change_current' | 'phone_change_new') => {
    const change = await openChange(u);
    const row = await t.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', ...MESSAGE_CONTENT])
      .where('referencia', '=', change.id)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { code: codeIn(row), recipient: row.recipient };
  };
  const wrong = (code: string) => (code === '999999' ? '100000' : '999999');
  /** A user at the second step, with the new number's code. */
  const atNewNumberStep = async () => {
    const user = await seedUser(t);
    const novo = freshPhone();
    await start(user, novo);
    const current = await codeSent(user, 'phone_change_current');
    expect((await verify(user, 'verify-current', current.code)).statusCode).toBe(202);
    return {
      user,
      novo,
      currentCode: current.code,
      newCode: (await codeSent(user, 'phone_change_new')).code,
    };
  };

  it('changes the phone after a code to the current number and one to the new number', async () => {
    const user = await seedUser(t);
    const novo = freshPhone();

    const started = await start(user, ` ${novo.slice(4, 8)}-${novo.slice(8)} `);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({
      etapa: 'verify_current',
      novo_telefone: novo,
      expira_em: expect.any(String),
      tentativas_restantes: MAX_CODE_ATTEMPTS,
    });
    const expiresInMs = new Date(started.json().expira_em).getTime() - Date.now();
    expect(expiresInMs).toBeGreaterThan(9 * 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    const current = await codeSent(user, 'phone_change_current');
    expect(current.recipient).toBe(user.telefone);
    expect(started.body).not.toContain(current.code);

    const second = await verify(user, 'verify-current', current.code);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toMatchObject({
      etapa: 'verify_new',
      novo_telefone: novo,
      tentativas_restantes: 3,
    });
    const next = await codeSent(user, 'phone_change_new');
    expect(next.recipient).toBe(novo);
    expect(second.body).not.toContain(next.code);
    expect(await phoneOf(user)).toBe(user.telefone);

    const done = await verify(user, 'verify-new', next.code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, telefone: novo, email: user.email });
    expect(await phoneOf(user)).toBe(novo);
    expect((await openChange(user)).etapa).toBe('done');
    expect((await codeRow(user, 'phone_change_new')).usado_em).not.toBeNull();
    expect(await state(user)).toBeNull();

    const notice = await t.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('purpose', '=', 'phone_changed')
      .where('referencia', '=', (await openChange(user)).id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ channel: 'whatsapp', recipient: user.telefone });
    expect(textOf(notice)).toBe(
      `KreyolCash: nimewo telefòn kont ou chanje pou yon nimewo ki fini ak ${novo.slice(-4)}. Si se pa ou ki fè sa, kontakte sipò nou touswit.`,
    );
  });

  it('shows the change in progress, and nothing once it is cancelled', async () => {
    const user = await seedUser(t);
    expect(await state(user)).toBeNull();
    const novo = freshPhone();
    await start(user, novo);
    expect(await state(user)).toMatchObject({ etapa: 'verify_current', novo_telefone: novo });

    expect((await cancel(user)).statusCode).toBe(204);
    expect(await state(user)).toBeNull();
    expect((await openChange(user)).etapa).toBe('cancelled');
    expect((await cancel(user)).statusCode).toBe(204);
  });

  it('refuses the current-number code after a cancel, and keeps the phone', async () => {
    const user = await seedUser(t);
    await start(user, freshPhone());
    const { code } = await codeSent(user, 'phone_change_current');
    await cancel(user);
    const res = await verify(user, 'verify-current', code);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('phone_change_not_pending');
    expect(await phoneOf(user)).toBe(user.telefone);
  });

  it.each([
    ['', 'new_phone_required'],
    ['   ', 'new_phone_required'],
    ['12ab', 'phone_invalid'],
  ])('refuses the new phone %j with %s', async (novo_telefone, code) => {
    const user = await seedUser(t);
    const res = await start(user, novo_telefone);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code, fields: { novo_telefone: code } });
  });

  it('refuses the current number, however it is written, with phone_same_as_current', async () => {
    const user = await seedUser(t);
    const local = user.telefone.slice(4);
    const res = await start(user, `${local.slice(0, 4)} ${local.slice(4)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('phone_same_as_current');
    expect(
      await t.database.db.selectFrom('mudancas_telefone').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it("refuses another user's number with 409, naming only that user's first name", async () => {
    const [user, holder] = [await seedUser(t), await seedUser(t)];
    const res = await start(user, holder.telefone);
    expect(res.statusCode).toBe(409);
    const { error } = res.json();
    const [firstName, ...rest] = holder.nome.split(' ');
    expect(error).toMatchObject({ code: 'phone_already_exists', details: { nome: firstName } });
    expect(error.message).toContain(firstName);
    expect(JSON.stringify(error)).not.toContain(rest.join(' '));
    expect(JSON.stringify(error)).not.toContain(holder.email);
    expect(JSON.stringify(error)).not.toContain(holder.id);
  });

  it('names a holder with a compound name by the first name alone, also when the number is taken mid-change', async () => {
    const [user, holder] = [await seedUser(t), await seedUser(t)];
    const novo = freshPhone();
    expect((await start(user, novo)).statusCode).toBe(202);
    const { code } = await codeSent(user, 'phone_change_current');
    // Someone with a long name takes the number before the current-number step.
    await t.database.db
      .updateTable('usuarios')
      .set({ telefone: novo, nome_completo: '  Marie-Claude   Jean-Baptiste Toussaint ' })
      .where('id', '=', holder.id)
      .execute();

    const res = await verify(user, 'verify-current', code);
    expect(res.statusCode).toBe(409);
    const { error } = res.json();
    expect(error).toMatchObject({ code: 'phone_already_exists', details: { nome: 'Marie-Claude' } });
    expect(error.message).toBe('the number is already used by Marie-Claude');
    for (const hidden of ['Jean-Baptiste', 'Toussaint', holder.email, holder.id]) {
      expect(JSON.stringify(error)).not.toContain(hidden);
    }
    expect(await phoneOf(user)).toBe(user.telefone);
  });

  it('counts wrong codes, says how many tries are left, and kills the change at the third', async () => {
    const user = await seedUser(t);
    await start(user, freshPhone());
    const { code } = await codeSent(user, 'phone_change_current');

    const first = await verify(user, 'verify-current', wrong(code));
    expect(first.statusCode).toBe(422);
    expect(first.json().error).toMatchObject({ code: 'invalid_codes', details: { tentativas_restantes: 2 } });
    const second = await verify(user, 'verify-current', wrong(code));
    expect(second.json().error).toMatchObject({
      code: 'invalid_codes',
      details: { tentativas_restantes: 1 },
    });
    const third = await verify(user, 'verify-current', wrong(code));
    expect(third.statusCode).toBe(422);
    expect(third.json().error).toMatchObject({
      code: 'code_attempts_exceeded',
      details: { tentativas_restantes: 0 },
    });

    const afterDeath = await verify(user, 'verify-current', code);
    expect(afterDeath.statusCode).toBe(409);
    expect(afterDeath.json().error.code).toBe('phone_change_not_pending');
    expect((await openChange(user)).etapa).toBe('cancelled');
    expect((await codeRow(user, 'phone_change_current')).tentativas).toBe(3);
  });

  it("keeps each step's code in the ledger's codes table as a keyed hash, never the code", async () => {
    const { user, novo, currentCode, newCode } = await atNewNumberStep();
    const current = await codeRow(user, 'phone_change_current');
    const next = await codeRow(user, 'phone_change_new');
    expect(current).toMatchObject({ user_id: user.id, telefone: user.telefone, tentativas: 0 });
    expect(current.usado_em).not.toBeNull();
    expect(next).toMatchObject({ user_id: user.id, telefone: novo, tentativas: 0, usado_em: null });
    const expiresInMs = next.expira_em.getTime() - Date.now();
    expect(expiresInMs).toBeGreaterThan(9 * 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    for (const [row, code] of [
      [current, currentCode],
      [next, newCode],
    ] as const) {
      expect(row.codigo_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.values(row)).not.toContain(code);
    }
  });

  it('counts a wrong code on its row in the codes table, and the state shows the attempts left', async () => {
    const user = await seedUser(t);
    await start(user, freshPhone());
    const { code } = await codeSent(user, 'phone_change_current');
    expect((await verify(user, 'verify-current', wrong(code))).statusCode).toBe(422);
    expect((await codeRow(user, 'phone_change_current')).tentativas).toBe(1);
    expect(await state(user)).toMatchObject({ etapa: 'verify_current', tentativas_restantes: 2 });
  });

  it('refuses an expired code with code_expired and ends the change', async () => {
    const user = await seedUser(t);
    await start(user, freshPhone());
    const { code } = await codeSent(user, 'phone_change_current');
    await expireCodes(user);
    expect(await state(user)).toBeNull();

    const res = await verify(user, 'verify-current', code);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('code_expired');
    expect((await verify(user, 'verify-current', code)).json().error.code).toBe('phone_change_not_pending');
  });

  it('refuses an expired new-number code too', async () => {
    const { user, newCode } = await atNewNumberStep();
    await expireCodes(user);
    expect((await verify(user, 'verify-new', newCode)).json().error.code).toBe('code_expired');
    expect(await phoneOf(user)).toBe(user.telefone);
  });

  it('refuses the current-number code at the new-number step', async () => {
    const { user, currentCode, newCode } = await atNewNumberStep();
    // Two draws of 900 000 codes agree once in a million runs; the binding is tested on its own
    // in ledger/verification-codes.test.ts.
    if (currentCode === newCode) return;
    const res = await verify(user, 'verify-new', currentCode);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'invalid_codes', details: { tentativas_restantes: 2 } });
    expect(await phoneOf(user)).toBe(user.telefone);
  });

  it('spends each code once', async () => {
    const { user, novo, currentCode, newCode } = await atNewNumberStep();
    expect((await verify(user, 'verify-current', currentCode)).json().error.code).toBe(
      'phone_change_not_pending',
    );
    expect((await verify(user, 'verify-new', newCode)).statusCode).toBe(200);
    const again = await verify(user, 'verify-new', newCode);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('phone_change_not_pending');
    expect(await phoneOf(user)).toBe(novo);
  });

  it('refuses the new-number step before the current number is verified', async () => {
    const user = await seedUser(t);
    await start(user, freshPhone());
    const { code } = await codeSent(user, 'phone_change_current');
    expect((await verify(user, 'verify-new', code)).json().error.code).toBe('phone_change_not_pending');
  });

  it('replaces an open change when a new one starts: the first code stops working', async () => {
    const user = await seedUser(t);
    await start(user, freshPhone());
    const first = await codeSent(user, 'phone_change_current');
    const secondPhone = freshPhone();
    await start(user, secondPhone);
    const second = await codeSent(user, 'phone_change_current');
    const open = await t.database.db
      .selectFrom('mudancas_telefone')
      .select('etapa')
      .where('user_id', '=', user.id)
      .where('etapa', 'in', ['verify_current', 'verify_new'])
      .execute();
    expect(open).toHaveLength(1);
    if (first.code !== second.code) {
      expect((await verify(user, 'verify-current', first.code)).json().error.code).toBe('invalid_codes');
    }
    expect((await verify(user, 'verify-current', second.code)).json()).toMatchObject({
      novo_telefone: secondPhone,
    });
  });

  it('answers 409 phone_already_exists when someone took the number before the last step', async () => {
    const { user, novo, newCode } = await atNewNumberStep();
    const other = await seedUser(t);
    await t.database.db.updateTable('usuarios').set({ telefone: novo }).where('id', '=', other.id).execute();

    const res = await verify(user, 'verify-new', newCode);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('phone_already_exists');
    expect(await phoneOf(user)).toBe(user.telefone);
    expect((await openChange(user)).etapa).toBe('cancelled');
  });

  it("lets the token decide whose change it is: another user's code does nothing", async () => {
    const { user, newCode } = await atNewNumberStep();
    const stranger = await seedUser(t);
    const res = await verify(stranger, 'verify-new', newCode);
    expect(res.json().error.code).toBe('phone_change_not_pending');
    expect(await phoneOf(stranger)).toBe(stranger.telefone);
    expect(await state(user)).toMatchObject({ etapa: 'verify_new' });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone-change',
      payload: { novo_telefone: freshPhone() },
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits how many changes a user starts (each sends a code)', async () => {
    const user = await seedUser(t);
    for (let i = 0; i < 5; i++) expect((await start(user, freshPhone())).statusCode).toBe(202);
    const res = await start(user, freshPhone());
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
  });

  it('evaluates at most 3 guesses even when they arrive together', async () => {
    const user = await seedUser(t);
    await start(user, freshPhone());
    const { code } = await codeSent(user, 'phone_change_current');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => verify(user, 'verify-current', wrong(code))),
    );
    const codes = answers.map((res) => res.json().error.code).sort();
    expect(codes.filter((c) => c === 'invalid_codes')).toHaveLength(2);
    expect(codes.filter((c) => c === 'code_attempts_exceeded')).toHaveLength(1);
    expect(codes.filter((c) => c === 'phone_change_not_pending')).toHaveLength(7);
    expect((await openChange(user)).etapa).toBe('cancelled');
    expect((await codeRow(user, 'phone_change_current')).tentativas).toBe(3);
  });

  it('changes the phone once when 20 right answers arrive together', async () => {
    const { user, novo, newCode } = await atNewNumberStep();
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(user, 'verify-new', newCode)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().error.code).toBe('phone_change_not_pending');
    }
    expect(await phoneOf(user)).toBe(novo);
    const notices = await t.database.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('purpose', '=', 'phone_changed')
      .where('referencia', '=', (await openChange(user)).id)
      .execute();
    expect(notices).toHaveLength(1);
  });
});
