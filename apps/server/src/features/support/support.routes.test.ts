import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { sendMoney } from '../../test-support/transfers.ts';

// The app's side of support: the channels the operator configured, and a person's own help
// requests — sent, listed, refused with a named code when wrong, never about someone else's money.

describe(`help requests from the app on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SUPPORT_WHATSAPP: '+50937000000',
      SUPPORT_EMAIL: 'sipo@kreyolcash.ht',
      SUPPORT_HOURS: 'mon-fri 08:00-17:00; sat 09:00-13:00',
    });
  });
  afterAll(async () => t.close());

  const auth = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });
  const send = (u: SeededUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/support/requests', headers: auth(u), payload });
  const own = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/support/requests', headers: auth(u) })).json().pedidos;
  const rowsOf = (u: SeededUser) =>
    t.database.db.selectFrom('pedidos_ajuda').selectAll().where('usuario_id', '=', u.id).execute();

  it('shows the channels the operator configured, to anyone', async () => {
    const res = await t.app.inject({ url: '/api/support/channels' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      whatsapp: '+50937000000',
      email: 'sipo@kreyolcash.ht',
      horario: [
        { de: 'mon', ate: 'fri', abre: '08:00', fecha: '17:00' },
        { de: 'sat', ate: 'sat', abre: '09:00', fecha: '13:00' },
      ],
    });
  });

  it('shows no channel that is not configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ url: '/api/support/channels' });
      expect(res.json()).toEqual({ whatsapp: null, email: null, horario: [] });
    } finally {
      await bare.close();
    }
  });

  it('takes a request about one of the person’s own movements, lists it, and audits its opening', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const movementId = await sendMoney(t, a, b, 1_500);
    const res = await send(a, {
      assunto: 'movimentacao',
      texto: '  Mwen voye lajan an bay move moun.  ',
      movimentacao_id: movementId,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      assunto: 'movimentacao',
      texto: 'Mwen voye lajan an bay move moun.',
      movimentacao_id: movementId,
      status: 'aberto',
      resposta: null,
    });
    // The payee may ask about the same movement: it is theirs too.
    expect(
      (await send(b, { assunto: 'movimentacao', texto: 'Ki sa sa ye?', movimentacao_id: movementId }))
        .statusCode,
    ).toBe(201);

    expect(await own(a)).toEqual([expect.objectContaining({ id: created.id, status: 'aberto' })]);
    const audit = await t.database.db
      .selectFrom('auditoria')
      .select(['operador_id', 'acao', 'alvo_tipo', 'alvo_id', 'depois'])
      .where('usuario_id', '=', a.id)
      .execute();
    expect(audit).toEqual([
      {
        operador_id: null,
        acao: 'help_request.open',
        alvo_tipo: 'pedido_ajuda',
        alvo_id: created.id,
        depois: { status: 'aberto', assunto: 'movimentacao', movimentacao_id: movementId },
      },
    ]);
  });

  it('refuses someone else’s movement as if it did not exist, and stores nothing', async () => {
    const [a, b, stranger] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const movementId = await sendMoney(t, a, b, 500);
    for (const movimentacao_id of [movementId, randomUUID(), 'not-a-movement']) {
      const res = await send(stranger, { assunto: 'movimentacao', texto: 'Gade sa', movimentacao_id });
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'transaction_not_found']);
    }
    expect(await rowsOf(stranger)).toEqual([]);
  });

  it('names what is wrong with a bad request, and stores nothing', async () => {
    const a = await seedUser(t);
    const cases: [object, string][] = [
      [{ texto: 'Èd' }, 'help_subject_invalid'],
      [{ assunto: 'lajan', texto: 'Èd' }, 'help_subject_invalid'],
      [{ assunto: 'outro' }, 'help_text_required'],
      [{ assunto: 'outro', texto: '   ' }, 'help_text_required'],
      [{ assunto: 'outro', texto: 'x'.repeat(1001) }, 'value_too_long'],
    ];
    for (const [payload, code] of cases) {
      const res = await send(a, payload);
      expect([res.statusCode, res.json().error.code], JSON.stringify(payload).slice(0, 60)).toEqual([
        422,
        code,
      ]);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/support/requests',
      payload: { assunto: 'outro', texto: 'Èd' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowsOf(a)).toEqual([]);
  });

  it('keeps at most three requests waiting per person, and lets a frozen account ask', async () => {
    const a = await seedUser(t);
    await t.app.inject({ method: 'POST', url: '/api/me/freeze', headers: auth(a) });
    for (let i = 0; i < 3; i++) {
      expect(
        (await send(a, { assunto: 'conta_congelada', texto: `Debloke kont mwen ${i}` })).statusCode,
      ).toBe(201);
    }
    const fourth = await send(a, { assunto: 'conta_congelada', texto: 'Ankò' });
    expect([fourth.statusCode, fourth.json().error.code]).toEqual([422, 'help_requests_open_limit']);
    expect(await rowsOf(a)).toHaveLength(3);
    // Newest first.
    expect((await own(a)).map((p: { texto: string }) => p.texto)).toEqual([
      'Debloke kont mwen 2',
      'Debloke kont mwen 1',
      'Debloke kont mwen 0',
    ]);
  });

  it('shows a person only their own requests', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    await send(a, { assunto: 'identidade', texto: 'Mwen chanje non' });
    expect(await own(b)).toEqual([]);
  });
});
