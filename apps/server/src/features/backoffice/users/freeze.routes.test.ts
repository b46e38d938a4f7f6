import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, logIn, TEST_PASSWORD } from '../../../test-support/accounts.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../../../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../../../test-support/marketplace.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { MESSAGE_CONTENT, textOf } from '../../../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// Freezes: the owner's "I lost my phone", and operators' freezes and unfreezes with a category
// (told to the person on WhatsApp) and a reason (for the audit trail). A frozen account sends
// nothing, signs in, sees everything and still receives.

describe(`freezing an account on ${testDatabaseKind}`, () => {
  let t: TestApp;
  const cookies: Record<'support' | 'compliance' | 'admin' | 'finance', string> = {
    support: '',
    compliance: '',
    admin: '',
    finance: '',
  };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
    for (const role of ['support', 'compliance', 'admin', 'finance'] as const)
      cookies[role] = (await operatorSession(t, role)).cookie;
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const auth = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });
  const send = (from: SeededUser, to: SeededUser, quantidade_centis = 1_000) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(from), 'idempotency-key': randomUUID() },
      payload: { destinatario_email: to.email, quantidade_centis },
    });
  const selfFreeze = (u: { accessToken: string }) =>
    t.app.inject({ method: 'POST', url: '/api/me/freeze', headers: auth(u) });
  const operatorCall = (
    role: keyof typeof cookies,
    action: 'freeze' | 'unfreeze',
    userId: string,
    motivo?: string,
    // null: no category at all.
    categoria: string | null = action === 'freeze' ? 'fraude_suspeita' : 'identidade_confirmada',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/${action}`,
      headers: { cookie: cookies[role] },
      payload: { motivo, categoria: categoria ?? undefined },
    });
  const noticesTo = (telefone: string) =>
    t.database.db
      .selectFrom('outbox_messages')
      .select(['purpose', ...MESSAGE_CONTENT])
      .where('recipient', '=', telefone)
      .where('purpose', 'in', ['account_frozen_by_support', 'account_unfrozen_by_support'])
      .orderBy('id')
      .execute();
  const auditOf = (userId: string) =>
    t.database.db
      .selectFrom('auditoria')
      .select(['operador_id', 'papel', 'acao', 'antes', 'depois', 'motivo'])
      .where('usuario_id', '=', userId)
      .orderBy('id')
      .execute();
  const me = async (u: { accessToken: string }) =>
    (await t.app.inject({ url: '/api/me', headers: auth(u) })).json();

  it('lets the owner freeze at once: no transfer leaves, sign-in and the statement still work, money still arrives', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const frozen = await selfFreeze(a);
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({ congelado: true, congelado_por: 'usuario' });
    expect(await me(a)).toMatchObject({ congelado: true, congelado_por: 'usuario', nivel: 1 });
    // A second tap changes nothing and writes no second row.
    expect((await selfFreeze(a)).statusCode).toBe(200);
    expect(await auditOf(a.id)).toEqual([
      {
        operador_id: null,
        papel: null,
        acao: 'account.freeze',
        antes: expect.objectContaining({ congelado: false }),
        depois: expect.objectContaining({ congelado: true, congelado_por: 'usuario' }),
        motivo: null,
      },
    ]);

    const before = await checkLedger(t.database.db);
    const refused = await send(a, b);
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'account_frozen']);
    expect(await checkLedger(t.database.db)).toEqual(before);

    // Receiving is not sending: b pays a, and it arrives.
    const paid = await send(b, a, 500);
    expect(paid.statusCode).toBe(201);
    const id = paid.json().movimentacao_id;
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/verify`,
      headers: auth(b),
      payload: { codigo: await codeForMovement(t, id) },
    });
    expect(posted.statusCode).toBe(200);
    const wallet = (await t.app.inject({ url: '/api/wallet', headers: auth(a) })).json();
    expect(wallet.saldo_centis).toBe(10_500);
    const statement = await t.app.inject({ url: '/api/wallet/transactions', headers: auth(a) });
    expect(statement.statusCode).toBe(200);
  });

  it('refuses a frozen buyer’s purchase, and a transfer already waiting for its code', async () => {
    const [buyer, seller, payee] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const owner = { ...seller, refreshCookie: '' };
    const company = await createCompanyAs(t, owner);
    const product = await createProductAs(t, owner, company.id, { preco_centis: 300 });
    const waiting = await send(buyer, payee, 700);
    expect(waiting.statusCode).toBe(201);
    const movementId = waiting.json().movimentacao_id;
    expect((await selfFreeze(buyer)).statusCode).toBe(200);

    const purchase = await t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { ...auth(buyer), 'idempotency-key': randomUUID() },
      payload: { produto_id: product.id, quantidade: 1 },
    });
    expect([purchase.statusCode, purchase.json().error.code]).toEqual([403, 'account_frozen']);

    // Whoever holds the phone cannot finish the transfer started before the freeze: it is voided.
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${movementId}/verify`,
      headers: auth(buyer),
      payload: { codigo: await codeForMovement(t, movementId) },
    });
    expect([verified.statusCode, verified.json().error.code]).toEqual([403, 'account_frozen']);
    const wallet = (await t.app.inject({ url: '/api/wallet', headers: auth(buyer) })).json();
    expect(wallet).toEqual({ saldo_centis: 10_000, reservado_centis: 0, disponivel_centis: 10_000 });
    const movement = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('status')
      .where('id', '=', movementId)
      .executeTakeFirstOrThrow();
    expect(movement.status).toBe('cancelada');
  });

  it('still signs a frozen account in with its password', async () => {
    const user = await createConfirmedUser(t);
    expect((await selfFreeze(user)).statusCode).toBe(200);
    const again = await logIn(t, user.email, TEST_PASSWORD);
    expect(await me(again)).toMatchObject({ congelado: true });
  });

  it('lets support, compliance and admin freeze with a reason, and only support unfreeze', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    expect((await operatorCall('finance', 'freeze', a.id, 'Telefòn vole')).statusCode).toBe(403);
    const noReason = await operatorCall('compliance', 'freeze', a.id, '   ');
    expect([noReason.statusCode, noReason.json().error.code]).toEqual([422, 'reason_required']);
    for (const categoria of [null, 'telefone_vole', 'identidade_confirmada']) {
      const noCategory = await operatorCall('compliance', 'freeze', a.id, 'Telefòn vole', categoria);
      expect([noCategory.statusCode, noCategory.json().error.code]).toEqual([
        422,
        'freeze_category_required',
      ]);
    }
    const ghost = await operatorCall('admin', 'freeze', randomUUID(), 'Telefòn vole');
    expect([ghost.statusCode, ghost.json().error.code]).toEqual([404, 'user_not_found']);
    expect(await me(a)).toMatchObject({ congelado: false });

    const frozen = await operatorCall('compliance', 'freeze', a.id, 'Telefòn vole');
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({
      congelado: true,
      congelado_por: 'operador',
      congelado_motivo: 'Telefòn vole',
      congelado_categoria: 'fraude_suspeita',
    });
    const twice = await operatorCall('admin', 'freeze', a.id, 'Ankò');
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'account_already_frozen']);
    expect((await send(a, b)).json().error.code).toBe('account_frozen');

    for (const role of ['compliance', 'admin', 'finance'] as const) {
      expect((await operatorCall(role, 'unfreeze', a.id, 'Li rele')).statusCode).toBe(403);
    }
    const wrongList = await operatorCall('support', 'unfreeze', a.id, 'Li rele', 'fraude_suspeita');
    expect([wrongList.statusCode, wrongList.json().error.code]).toEqual([422, 'freeze_category_required']);
    const unfrozen = await operatorCall('support', 'unfreeze', a.id, 'Idantite verifye pa telefòn');
    expect(unfrozen.statusCode).toBe(200);
    expect(unfrozen.json()).toMatchObject({ congelado: false, congelado_por: null });
    const again = await operatorCall('support', 'unfreeze', a.id, 'Ankò');
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'account_not_frozen']);
    expect((await send(a, b)).statusCode).toBe(201);

    expect(await auditOf(a.id)).toEqual([
      expect.objectContaining({
        papel: 'compliance',
        acao: 'account.freeze',
        antes: expect.objectContaining({ congelado: false }),
        depois: expect.objectContaining({ congelado: true, congelado_por: 'operador' }),
        motivo: 'Telefòn vole',
      }),
      expect.objectContaining({
        papel: 'support',
        acao: 'account.unfreeze',
        antes: expect.objectContaining({ congelado: true }),
        depois: expect.objectContaining({ congelado: false }),
        motivo: 'Idantite verifye pa telefòn',
      }),
    ]);
    // The person heard of both, in Creole, with the category and never the operator's words.
    const notices = await noticesTo(a.telefone);
    expect(notices.map((n) => [n.purpose, n.idioma])).toEqual([
      ['account_frozen_by_support', 'ht'],
      ['account_unfrozen_by_support', 'ht'],
    ]);
    const [frozenText, unfrozenText] = notices.map(textOf);
    expect(frozenText).toContain('nou bloke kont ou');
    expect(frozenText).toContain('Rezon: nou wè aktivite ki sanble fwod sou kont lan.');
    expect(unfrozenText).toContain('nou debloke kont ou');
    expect(unfrozenText).toContain('Rezon: nou verifye idantite w.');
    expect(notices.map(textOf).join('\n')).not.toContain('Telefòn vole');
  });

  it('tells the person in their own language, and nothing when the owner froze it', async () => {
    const a = await seedUser(t);
    await t.database.db.updateTable('usuarios').set({ idioma: 'en' }).where('id', '=', a.id).execute();
    expect(
      (await operatorCall('support', 'freeze', a.id, 'Rele pou di telefòn pèdi', 'telefone_perdido'))
        .statusCode,
    ).toBe(200);
    expect((await operatorCall('support', 'unfreeze', a.id, 'Verifye', 'caso_resolvido')).statusCode).toBe(
      200,
    );
    expect((await noticesTo(a.telefone)).map(textOf)).toEqual([
      expect.stringContaining('Reason: we were told your phone was lost or stolen.'),
      expect.stringContaining('Reason: the problem is solved.'),
    ]);
    const b = await seedUser(t);
    await selfFreeze(b);
    expect(await noticesTo(b.telefone)).toEqual([]);
  });

  it('lets support unfreeze an account its owner froze', async () => {
    const a = await seedUser(t);
    await selfFreeze(a);
    expect((await operatorCall('support', 'unfreeze', a.id, 'Kat idantite tcheke')).statusCode).toBe(200);
    expect(await me(a)).toMatchObject({ congelado: false, congelado_por: null });
  });
});
