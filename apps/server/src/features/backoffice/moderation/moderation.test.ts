import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../../../test-support/marketplace.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { MESSAGE_CONTENT, textOf } from '../../../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// Moderation: a suspended company's purchases waiting for their code are voided (money and stock
// released), nobody can buy there until it is reactivated, the owner is told why, and every
// action leaves its audit row.

let t: TestApp;
let compliance: { cookie: string; operator: { id: string } };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
  compliance = await operatorSession(t, 'compliance');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
const act = (url: string, motivo?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin${url}`,
    headers: { cookie: compliance.cookie },
    payload: motivo === undefined ? {} : { motivo },
  });
const buy = (u: SeededUser, produto_id: string, quantidade = 2) =>
  t.app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { ...auth(u), 'idempotency-key': randomUUID() },
    payload: { produto_id, quantidade },
  });
const available = async (u: SeededUser) =>
  (await t.app.inject({ url: '/api/wallet', headers: auth(u) })).json().disponivel_centis as number;
const product = (id: string) =>
  t.database.db.selectFrom('produtos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const saleStatus = async (id: string) =>
  (await t.database.db.selectFrom('vendas').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
const audit = (id: string) =>
  t.database.db
    .selectFrom('auditoria')
    .select(['acao', 'operador_id', 'antes', 'depois', 'motivo', 'usuario_id'])
    .where('alvo_id', '=', id)
    .orderBy('id')
    .execute();

async function shop(estoque = 10) {
  const owner = await seedUser(t);
  const empresa = await createCompanyAs(t, { ...owner, refreshCookie: '' });
  const produto = await createProductAs(t, { ...owner, refreshCookie: '' }, empresa.id, {
    preco_centis: 250,
    estoque,
  });
  return { owner, empresa, produto };
}

describe(`moderation of companies and products on ${testDatabaseKind}`, () => {
  it('finds a company by its name or its owner’s e-mail, with its products', async () => {
    const { owner, empresa, produto } = await shop();
    for (const q of [empresa.nome.slice(0, 12), owner.email.toUpperCase()]) {
      const res = await t.app.inject({
        url: `/api/admin/companies?q=${encodeURIComponent(q)}`,
        headers: { cookie: compliance.cookie },
      });
      expect(res.json().items).toContainEqual(
        expect.objectContaining({ id: empresa.id, status: 'ATIVA', dono_email: owner.email }),
      );
    }
    const page = await t.app.inject({
      url: `/api/admin/companies/${empresa.id}`,
      headers: { cookie: compliance.cookie },
    });
    expect(page.json().produtos).toEqual([expect.objectContaining({ id: produto.id, status: 'ATIVO' })]);
  });

  it('suspends: pending purchases voided, money and stock back, purchases refused, owner told; then reactivates', async () => {
    const { owner, empresa, produto } = await shop();
    const buyer = await seedUser(t);
    const held = await buy(buyer, produto.id);
    expect(held.statusCode).toBe(201);
    expect(await available(buyer)).toBe(9_500);
    expect((await product(produto.id)).estoque_reservado).toBe(2);

    const noReason = await act(`/companies/${empresa.id}/suspend`);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.code).toBe('reason_required');
    expect(await saleStatus(held.json().venda_id)).toBe('PENDENTE');

    const suspended = await act(`/companies/${empresa.id}/suspend`, 'Plent pou fwod');
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toEqual({ status: 'SUSPENSA', status_anterior: 'ATIVA', compras_anuladas: 1 });
    expect(await saleStatus(held.json().venda_id)).toBe('CANCELADA');
    expect(await available(buyer)).toBe(10_000);
    expect(await product(produto.id)).toMatchObject({ estoque: 10, estoque_reservado: 0 });

    const refused = await buy(buyer, produto.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('product_not_found');
    expect(
      (await t.app.inject({ url: `/api/companies/${empresa.id}`, headers: auth(buyer) })).statusCode,
    ).toBe(404);
    const told = await t.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', ...MESSAGE_CONTENT])
      .where('purpose', '=', 'company_moderated')
      .where('referencia', '=', empresa.id)
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]?.recipient).toBe(owner.telefone);
    expect(textOf(told[0] as never)).toContain('Rezon: Plent pou fwod');
    // The buyer hears that the purchase is cancelled and the money free again, not the reason.
    const buyerTold = await t.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', ...MESSAGE_CONTENT])
      .where('purpose', '=', 'purchase_voided')
      .where('referencia', '=', held.json().venda_id)
      .execute();
    expect(buyerTold).toHaveLength(1);
    expect(buyerTold[0]?.recipient).toBe(buyer.telefone);
    expect(textOf(buyerTold[0] as never)).toContain('nou anile acha ou a');
    expect(textOf(buyerTold[0] as never)).toContain('₭ 5,00 ki te rezève pou li a disponib ankò');
    expect(textOf(buyerTold[0] as never)).not.toContain('fwod');

    const back = await act(`/companies/${empresa.id}/reactivate`, 'Egzamen fini, tout bagay an règ');
    expect(back.json()).toEqual({ status: 'ATIVA', status_anterior: 'SUSPENSA', compras_anuladas: 0 });
    expect((await buy(buyer, produto.id)).statusCode).toBe(201);

    expect(await audit(empresa.id)).toEqual([
      expect.objectContaining({
        acao: 'company.suspend',
        operador_id: compliance.operator.id,
        usuario_id: owner.id,
        antes: { status: 'ATIVA' },
        depois: { status: 'SUSPENSA', compras_anuladas: 1 },
        motivo: 'Plent pou fwod',
      }),
      expect.objectContaining({
        acao: 'company.reactivate',
        antes: { status: 'SUSPENSA' },
        depois: { status: 'ATIVA', compras_anuladas: 0 },
      }),
    ]);
  });

  it('deactivates a company the same way (INATIVA), and answers 404 for an unknown one', async () => {
    const { empresa, produto } = await shop();
    const buyer = await seedUser(t);
    const held = await buy(buyer, produto.id, 1);
    const off = await act(`/companies/${empresa.id}/deactivate`, 'Mèt la mande fèmen l');
    expect(off.json()).toEqual({ status: 'INATIVA', status_anterior: 'ATIVA', compras_anuladas: 1 });
    expect(await saleStatus(held.json().venda_id)).toBe('CANCELADA');
    expect((await buy(buyer, produto.id)).json().error.code).toBe('product_not_found');
    const unknown = await act(`/companies/${randomUUID()}/suspend`, 'x');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('company_not_found');
  });

  it('deactivates a product: its pending purchases voided, refused afterwards; reactivates it', async () => {
    const { owner, produto } = await shop(4);
    const buyer = await seedUser(t);
    const held = await buy(buyer, produto.id, 3);
    const off = await act(`/products/${produto.id}/deactivate`, 'Pwodui entèdi');
    expect(off.json()).toEqual({ status: 'INATIVO', status_anterior: 'ATIVO', compras_anuladas: 1 });
    expect(await saleStatus(held.json().venda_id)).toBe('CANCELADA');
    expect(await product(produto.id)).toMatchObject({ estoque_reservado: 0, status: 'INATIVO' });
    expect(await available(buyer)).toBe(10_000);
    expect((await buy(buyer, produto.id)).json().error.code).toBe('product_not_found');
    const message = await t.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', ...MESSAGE_CONTENT])
      .where('purpose', '=', 'product_moderated')
      .where('referencia', '=', produto.id)
      .executeTakeFirstOrThrow();
    expect(message.recipient).toBe(owner.telefone);
    expect(textOf(message as never)).toContain('Pwodui entèdi');

    const on = await act(`/products/${produto.id}/reactivate`, 'Nou verifye l');
    expect(on.json()).toEqual({ status: 'ATIVO', status_anterior: 'INATIVO', compras_anuladas: 0 });
    expect((await buy(buyer, produto.id, 1)).statusCode).toBe(201);
    expect((await audit(produto.id)).map((a) => a.acao)).toEqual([
      'product.deactivate',
      'product.reactivate',
    ]);
  });

  it('leaves no purchase pending when buyers hold while the company is suspended', async () => {
    const { empresa, produto } = await shop(100);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => seedUser(t)));
    const [suspended, ...holds] = await Promise.all([
      act(`/companies/${empresa.id}/suspend`, 'Fwod'),
      ...buyers.map((b) => buy(b, produto.id, 1)),
    ]);
    expect(suspended?.statusCode).toBe(200);
    for (const hold of holds) expect([201, 404]).toContain(hold.statusCode);
    const pending = await t.database.db
      .selectFrom('vendas')
      .select('id')
      .where('empresa_id', '=', empresa.id)
      .where('status', '=', 'PENDENTE')
      .execute();
    expect(pending).toEqual([]);
    expect(await product(produto.id)).toMatchObject({ estoque_reservado: 0 });
    for (const b of buyers) expect(await available(b)).toBe(10_000);
  });
});
