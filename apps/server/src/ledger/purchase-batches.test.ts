import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PurchaseInitiationArgs, purchaseInitiation } from '../test-support/batch-fixtures.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { queueNotices } from '../test-support/notices.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { callRaw, type LedgerFunction } from './ledger-call.ts';
import { purchaseBatchers } from './phase-batches.ts';
import { codePepper } from './policy.ts';

// A batch of purchase initiations (kc_compras_iniciar) or verifications (kc_compras_verificar) runs
// each item as it runs alone, after the items before it: the same answers and the same sales,
// stock, holds, balances, codes and keys as the same calls made one by one, refusals included.

type Answer = Record<string, unknown>;

describe(`purchase initiations batched, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10000' });
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  /** A shop with one product (3 in stock) and its would-be buyers. */
  async function shop(stock: number) {
    const owner = await seedUser(t);
    const company = await createCompanyAs(t, { ...owner, refreshCookie: '' });
    const product = await createProductAs(t, { ...owner, refreshCookie: '' }, company.id, {
      preco_centis: 700,
      estoque: stock,
    });
    return { owner, product };
  }

  const item = (...args: PurchaseInitiationArgs) => purchaseInitiation(t, ...args);

  /** The same story for a new shop and new people: who buys what, in which order. */
  async function story() {
    const { owner, product } = await shop(4);
    const [a, b, c, d, e] = [
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
    ];
    const poor = await seedUser(t, { bonusCentis: 100 });
    const p = product.id;
    // An attempt of e's, pending before the batch: 3 left.
    await callRaw(t.database.db, 'kc_compra_iniciar', item(e as SeededUser, p, 1, 'e-0'));
    const items = [
      item(e as SeededUser, p, 1, 'e-1'), // voids e's attempt, then holds 1: 3 left
      item(a as SeededUser, p, 2, 'a-1'), // held: 1 left
      item(b as SeededUser, p, 2, 'b-1'), // insufficient_stock
      item(a as SeededUser, p, 1, 'a-2'), // voids a's first attempt, then holds 1: 2 left
      item(c as SeededUser, p, 1, 'c-1'), // held: 1 left
      item(c as SeededUser, p, 1, 'c-1'), // the same key and body: the first answer again
      item(c as SeededUser, p, 2, 'c-1'), // the same key, another body: refused
      item(owner, p, 1, 'o-1'), // own_company_purchase
      item(d as SeededUser, p, 0, 'd-1'), // invalid_quantity
      item(poor, p, 1, 'poor-1'), // insufficient_balance
      item(b as SeededUser, p, 1, null), // held, without a key: none left
    ];
    return { product, people: [a, b, c, d, e, poor, owner] as SeededUser[], items };
  }

  /** Ids made at random, and instants, replaced by their order of first appearance. */
  function comparable(answers: Answer[]): unknown {
    const names = new Map<string, string>();
    const rename = (value: unknown) => {
      const text = String(value);
      if (!names.has(text)) names.set(text, `#${names.size + 1}`);
      return names.get(text);
    };
    return answers.map(({ venda_id, movimentacao_id, vendedor_id, expira_em, ...rest }) => ({
      ...rest,
      ...(venda_id ? { venda_id: rename(venda_id) } : {}),
      ...(movimentacao_id ? { movimentacao_id: rename(movimentacao_id) } : {}),
      ...(vendedor_id ? { vendedor_id: rename(vendedor_id) } : {}),
      has_expiry: expira_em !== undefined,
    }));
  }

  /** What the story left in the database, per person in the story's order. */
  async function stateOf(productId: string, people: SeededUser[]) {
    const db = t.database.db;
    await queueNotices(db);
    const product = await sql<{ estoque: number; estoque_reservado: number; avisos_de_venda: number }>`
      select estoque, estoque_reservado,
             (select count(*)::int from outbox_messages o join vendas v on o.referencia = v.id::text
               where v.produto_id = p.id and o.purpose = 'new_sale') as avisos_de_venda
        from produtos p where id = ${productId}::uuid`.execute(db);
    const perPerson = [];
    for (const person of people) {
      const { rows } = await sql<{
        saldo: string;
        reservado: string;
        vendas: string;
        codigos: string;
        chaves: string;
      }>`
        select c.saldo_centis::text as saldo, c.reservado_centis::text as reservado,
               (select string_agg(v.status || ':' || v.quantidade, ',' order by v.criado_em, v.status)
                  from vendas v where v.comprador_id = c.id) as vendas,
               (select count(*)::text from outbox_messages o, usuarios u
                 where u.id = c.id and o.recipient = u.telefone and o.purpose = 'purchase_code') as codigos,
               (select count(*)::text from idempotency_keys k where k.user_id = c.id) as chaves
          from kreyolcash_contas c where c.id = ${person.id}::uuid`.execute(db);
      perPerson.push(rows[0]);
    }
    return { product: product.rows[0], perPerson };
  }

  type Story = { product: { id: string }; people: SeededUser[]; items: object[] };

  /**
   * The story told twice, to new people each time: as one batch, then one call at a time. The
   * answers and what each left must be the same; answers the batch's, and what it left.
   */
  async function bothWays(tell: () => Promise<Story>, many: LedgerFunction, one: LedgerFunction) {
    const db = t.database.db;
    const together = await tell();
    const batch = (await callRaw(db, many, { itens: together.items })) as Answer[];
    const alone = await tell();
    const oneByOne: Answer[] = [];
    for (const each of alone.items) oneByOne.push((await callRaw(db, one, each)) as Answer);
    expect(comparable(batch)).toEqual(comparable(oneByOne));
    const state = await stateOf(together.product.id, together.people);
    expect(state).toEqual(await stateOf(alone.product.id, alone.people));
    return { batch, state, items: together.items };
  }

  it('answers and leaves what the same purchases leave one by one', async () => {
    const { batch, state } = await bothWays(story, 'kc_compras_iniciar', 'kc_compra_iniciar');
    expect(batch.map((a) => a.ok ?? a.error)).toEqual([
      true,
      true,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(batch.map((a) => a.error ?? null)).toEqual([
      null,
      null,
      'insufficient_stock',
      null,
      null,
      null,
      'idempotency_key_reused',
      'own_company_purchase',
      'invalid_quantity',
      'insufficient_balance',
      null,
    ]);
    expect(batch[5]?.replayed).toBe(true);
    expect(state.product).toEqual({ estoque: 4, estoque_reservado: 4, avisos_de_venda: 0 });
  });

  it('holds concurrent purchases of one product in batches, and never past its stock', async () => {
    const { product } = await shop(10);
    const buyers: SeededUser[] = [];
    for (let i = 0; i < 24; i++) buyers.push(await seedUser(t));
    const batcher = purchaseBatchers(t.app.deps.database.db).initiate;
    const before = { ...batcher.sent };
    const answers = await Promise.all(
      buyers.map((buyer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/purchases',
          headers: { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': randomUUID() },
          payload: { produto_id: product.id, quantidade: 1 },
        }),
      ),
    );
    const held = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(held).toHaveLength(10);
    expect(refused.map((res) => res.json().error.code)).toEqual(Array(14).fill('insufficient_stock'));
    const { rows } = await sql<{ estoque_reservado: number; pendentes: number }>`
      select estoque_reservado,
             (select count(*)::int from vendas where produto_id = p.id and status = 'PENDENTE') as pendentes
        from produtos p where id = ${product.id}::uuid`.execute(t.database.db);
    expect(rows[0]).toEqual({ estoque_reservado: 10, pendentes: 10 });
    expect(batcher.sent.items - before.items).toBe(24);
    expect(batcher.sent.calls - before.calls).toBeLessThan(12);
  });

  /** Each buyer holds one unit of the product (code 123456): their sales, in the buyers' order. */
  async function holding(buyers: SeededUser[], productId: string): Promise<string[]> {
    const sales: string[] = [];
    for (const buyer of buyers) {
      const held = (await callRaw(
        t.database.db,
        'kc_compra_iniciar',
        item(buyer, productId, 1, null),
      )) as Answer;
      sales.push(String(held.venda_id));
    }
    // A sale's id is ordered by its time (UUID version 7): held one after another, they sort so.
    for (const sale of sales) expect(sale).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
    expect(sales.map((s) => s.slice(0, 13))).toEqual(sales.map((s) => s.slice(0, 13)).sort());
    return sales;
  }

  /** Four people each holding a purchase of one product (code 123456), and calls on those sales. */
  async function verificationStory() {
    const { owner, product } = await shop(5);
    const buyers = [await seedUser(t), await seedUser(t), await seedUser(t), await seedUser(t)];
    const sales = await holding(buyers, product.id);
    const [a, b, c, d] = buyers as [SeededUser, SeededUser, SeededUser, SeededUser];
    const [saleA, saleB, saleC, saleD] = sales as [string, string, string, string];
    const verification = (buyer: SeededUser, sale: string, codigo: string) => ({
      venda_id: sale,
      comprador_id: buyer.id,
      codigo,
      pepper: codePepper(t.config.jwtSecret),
      max_tentativas: 3,
      limites: t.config.levelLimits,
    });
    const items = [
      verification(a, saleA, '123456'), // posted
      verification(b, saleB, '000000'), // a wrong code
      verification(b, saleB, '123456'), // then the right one: posted
      verification(a, saleA, '123456'), // no longer pending
      verification(c, saleD, '123456'), // not c's sale
      verification(c, saleC, '111111'),
      verification(c, saleC, '222222'),
      verification(c, saleC, '333333'), // the last attempt: the sale is cancelled
      verification(c, saleC, '123456'), // too late
      verification(d, saleD, '123456'), // posted
    ];
    return { product, people: [...buyers, owner], items };
  }

  it('verifies a batch as it verifies one by one', async () => {
    const { batch, state, items } = await bothWays(
      verificationStory,
      'kc_compras_verificar',
      'kc_compra_verificar',
    );
    expect([batch[0]?.ok, batch[2]?.ok, batch[9]?.ok]).toEqual([true, true, true]);
    // Each posted answer names the sale its item asked for (the comparison above renames ids).
    for (const [n, answer] of batch.entries())
      if (answer.ok) expect(answer.venda_id).toBe((items[n] as { venda_id: string }).venda_id);
    expect([batch[3]?.error, batch[4]?.error]).toEqual(['transaction_not_pending', 'sale_not_found']);
    expect(state.product).toEqual({ estoque: 2, estoque_reservado: 0, avisos_de_venda: 3 });
  });

  it('verifies concurrent purchases of one product in batches', async () => {
    const { product } = await shop(12);
    const buyers: SeededUser[] = [];
    for (let i = 0; i < 12; i++) buyers.push(await seedUser(t));
    const sales = await holding(buyers, product.id);
    const batcher = purchaseBatchers(t.app.deps.database.db).verify;
    const before = { ...batcher.sent };
    const answers = await Promise.all(
      buyers.map((buyer, k) =>
        t.app.inject({
          method: 'POST',
          url: `/api/purchases/${sales[k]}/verify`,
          headers: { authorization: `Bearer ${buyer.accessToken}` },
          payload: { codigo: '123456' },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    const { rows } = await sql<{ estoque: number; estoque_reservado: number; status: string }>`
      select estoque, estoque_reservado, status from produtos where id = ${product.id}::uuid`.execute(
      t.database.db,
    );
    expect(rows[0]).toEqual({ estoque: 0, estoque_reservado: 0, status: 'ESGOTADO' });
    expect(batcher.sent.items - before.items).toBe(12);
    expect(batcher.sent.calls - before.calls).toBeLessThan(6);
  });
});
