import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.ts';
import {
  type PurchaseInitiationArgs,
  purchaseInitiation,
  takenBySetPath,
} from '../test-support/batch-fixtures.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { callRaw } from './ledger-call.ts';
import { codePepper } from './policy.ts';

// A batch of purchase initiations holds each buyer's items, up to the first that would not be held
// in its turn, as sets (kc_compras_reter_juntas), and leaves the rest to the one-by-one path. What
// it leaves must be what the same purchases leave one by one in the batch's order: the same answers,
// holds, movements, sales, stock, day's totals, code messages and Idempotency-Keys, with codes that
// confirm. Buyers meet at products: the stock runs out mid-batch, and attempts are replaced.

type Answer = Record<string, unknown>;
type Item = ReturnType<typeof purchaseInitiation>;

describe(`a batch of purchase initiations held as sets on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10000' });
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });
  const db = () => t.database.db;
  const buy = (...args: PurchaseInitiationArgs) => purchaseInitiation(t, ...args);

  /** Two shops, four products and the people who buy from them, new each time. */
  async function market() {
    const [owner1, owner2] = [await seedUser(t), await seedUser(t)];
    const shop1 = await createCompanyAs(t, { ...owner1, refreshCookie: '' });
    const shop2 = await createCompanyAs(t, { ...owner2, refreshCookie: '' });
    const product = (owner: SeededUser, shop: string, preco_centis: number, estoque?: number) =>
      createProductAs(t, { ...owner, refreshCookie: '' }, shop, {
        preco_centis,
        ...(estoque === undefined ? {} : { estoque }),
      });
    const products = {
      P: await product(owner1, shop1.id, 700, 5),
      Q: await product(owner1, shop1.id, 1_500),
      R: await product(owner2, shop2.id, 300, 2),
      X: await product(owner2, shop2.id, 300, 10),
      S: await product(owner1, shop1.id, 1_500),
      T: await product(owner1, shop1.id, 1_500),
      U: await product(owner1, shop1.id, 1_500),
    };
    await db().updateTable('produtos').set({ status: 'INATIVO' }).where('id', '=', products.X.id).execute();
    const buyers: Record<string, SeededUser> = {};
    for (const name of 'abcdefghijkmn') buyers[name] = await seedUser(t);
    const rich = await seedUser(t, { bonusCentis: 60_000 });
    const poor = await seedUser(t, { bonusCentis: 1_000 });
    const frozen = await seedUser(t);
    const unproven = await seedUser(t, { phoneProven: false });
    await db()
      .updateTable('usuarios')
      .set({ congelado_em: new Date(), congelado_por: 'usuario' })
      .where('id', '=', frozen.id)
      .execute();
    const people = [...Object.values(buyers), rich, poor, frozen, unproven, owner1, owner2];
    const who = buyers as Record<
      'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'm' | 'n',
      SeededUser
    >;
    const [P, Q, R, X, S, T, U] = [
      products.P,
      products.Q,
      products.R,
      products.X,
      products.S,
      products.T,
      products.U,
    ].map((p) => p.id) as [string, string, string, string, string, string, string];
    // Before the batch: e's pending attempt at P (4 left), k's and m's keys used at Q.
    for (const before of [buy(who.e, P, 1, 'e0'), buy(who.k, Q, 1, 'k1'), buy(who.m, Q, 1, 'm1')])
      expect(await callRaw(db(), 'kc_compra_iniciar', before)).toMatchObject({ ok: true });
    const items: Item[] = [
      buy(who.a, P, 1, 'a1'),
      buy(who.b, P, 2, 'b1'),
      buy(who.e, P, 1, 'e1'), // voids e's attempt first
      buy(who.c, P, 2, 'c1'), // 1 left
      buy(who.c, Q, 1, 'c2'),
      buy(who.a, Q, 3, 'a2'),
      buy(who.a, P, 1, 'a3'), // voids a's first
      buy(who.d, R, 2, 'd1'),
      buy(who.f, R, 1, 'f1'), // none left
      buy(who.f, X, 1, 'f2'),
      buy(who.g, X, 1, 'g1'),
      buy(who.g, Q, 1, 'g2'),
      buy(who.h, Q, 1, 'h1', { priceSeen: 1_400 }),
      buy(who.h, Q, 1, 'h2', { priceSeen: 1_500 }),
      buy(owner1, P, 1, 'o1'),
      buy(poor, Q, 1, 'p1'),
      // Level 1 sends ₭500 a day: the fourth passes it. (A second attempt at the same product
      // would void the first, and free its amount.)
      ...[Q, S, T, U].map((p) => buy(rich, p, 10, null)),
      // Two codes a window: the third passes the budget.
      ...[Q, S, T].map((p) => buy(who.i, p, 1, null, { maxCodes: 2 })),
      buy(who.j, Q, 1, 'j1'),
      buy(who.j, Q, 1, 'j1'),
      buy(who.k, Q, 2, 'k1'),
      buy(who.m, Q, 1, 'm1'),
      buy(who.d, R, 1, 'd2'), // voids d's first: 1 left
      buy(who.n, Q, 0, 'n1'),
      buy(frozen, Q, 1, 'fr1'),
      buy(unproven, Q, 1, 'u1'),
      buy(who.b, Q, 1, 'b2'),
    ];
    return { people, products, items };
  }

  /** What a market left: ids and names replaced by who and what they are, so two markets compare. */
  async function leftBy(m: Awaited<ReturnType<typeof market>>, answers: Answer[]) {
    const labels = new Map(m.people.map((u, i) => [u.id, `person ${i}`]));
    for (const [label, p] of Object.entries(m.products)) {
      labels.set(p.id, label);
      labels.set(p.nome, label);
    }
    const named = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value)
          .replaceAll(
            /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
            (id) => labels.get(id) ?? 'id',
          )
          .replaceAll(/Pen \d+/g, (nome) => labels.get(nome) ?? 'a product'),
      );
    const ids = m.people.map((u) => u.id);
    const sorted = (rows: unknown[]) => named(rows).map(JSON.stringify).sort();
    const { rows: products } = await sql`
      select estoque, estoque_reservado, status from produtos
       where id in (${sql.join(Object.values(m.products).map((p) => p.id))}) order by created_at`.execute(
      db(),
    );
    const { rows: accounts } = await sql`
      select c.id, c.saldo_centis, c.reservado_centis,
             (select coalesce(sum(enviado_centis), 0)::int from kreyolcash_envios_diarios d where d.usuario_id = c.id) as enviado
        from kreyolcash_contas c where c.id in (${sql.join(ids)})`.execute(db());
    const { rows: movements } = await sql`
      select m.tipo, m.status, m.remetente_id, m.destinatario_id, m.conta_debito, m.conta_credito, m.quantidade_centis,
             m.observacoes, m.confirmador_id, m.nos_limites, m.posta_ao_expirar, m.codigo_hash is not null as com_codigo,
             floor(extract(epoch from m.expira_em - m.criado_em) / 60) as validade_min,
             v.empresa_id is not null as com_venda, v.produto_id, v.vendedor_id, v.quantidade, v.preco_unitario_centis,
             v.total_centis, v.status as venda
        from kreyolcash_movimentacoes m left join vendas v on v.movimentacao_id = m.id
       where m.remetente_id in (${sql.join(ids)}) and m.tipo = 'compra'`.execute(db());
    const { rows: messages } = await sql`
      select u.id, o.template, o.params, o.idioma, o.purpose, v.comprador_id = u.id as do_comprador
        from outbox_messages o join usuarios u on o.recipient = u.telefone
        left join vendas v on v.id::text = o.referencia
       where u.id in (${sql.join(ids)}) and o.purpose = 'purchase_code'`.execute(db());
    const { rows: keys } = await sql<{ resposta: Answer }>`
      select user_id, chave, request_hash, resposta from idempotency_keys where user_id in (${sql.join(ids)})`.execute(
      db(),
    );
    return {
      answers: named(
        answers.map(({ expira_em, ...a }) => ({ ...a, com_validade: typeof expira_em === 'string' })),
      ),
      products: named(products),
      accounts: sorted(accounts),
      movements: sorted(movements),
      messages: sorted(messages),
      keys: sorted(keys.map(({ resposta: { expira_em: _, ...resposta }, ...k }) => ({ ...k, resposta }))),
    };
  }

  /** Every pending sale's code, the one its message carried, confirms it. */
  async function codesConfirm(m: Awaited<ReturnType<typeof market>>) {
    const { rows } = await sql<{ id: string; comprador_id: string }>`
      select id, comprador_id from vendas where status = 'PENDENTE'
         and comprador_id in (${sql.join(m.people.map((u) => u.id))})`.execute(db());
    const answers = [];
    for (const sale of rows)
      answers.push(
        await callRaw(db(), 'kc_compra_verificar', {
          venda_id: sale.id,
          comprador_id: sale.comprador_id,
          codigo: '123456',
          pepper: codePepper(t.config.jwtSecret),
          max_tentativas: 3,
          limites: t.config.levelLimits,
        }),
      );
    return { sales: rows.length, confirmed: answers.filter((a) => (a as Answer).ok === true).length };
  }

  const initiateBatch = async (database: Kysely<DB>, items: Item[]) =>
    (await callRaw(database, 'kc_compras_iniciar', { itens: items })) as Answer[];

  it('leaves what the same purchases leave one by one: answers, holds, movements, sales, stock, totals, messages, keys', async () => {
    const together = await market();
    const batch = await initiateBatch(db(), together.items);
    const alone = await market();
    const oneByOne: Answer[] = [];
    for (const each of alone.items) oneByOne.push((await callRaw(db(), 'kc_compra_iniciar', each)) as Answer);
    const left = await leftBy(together, batch);
    expect(left).toEqual(await leftBy(alone, oneByOne));
    expect(batch.map((a) => (a.ok ? (a.replayed ? 'replayed' : true) : a.error))).toEqual([
      true,
      true,
      true,
      'insufficient_stock',
      true,
      true,
      true,
      true,
      'insufficient_stock',
      'product_not_found',
      'product_not_found',
      true,
      'price_changed',
      true,
      'own_company_purchase',
      'insufficient_balance',
      true,
      true,
      true,
      'daily_limit_reached',
      true,
      true,
      'rate_limited',
      true,
      'replayed',
      'idempotency_key_reused',
      'replayed',
      true,
      'invalid_quantity',
      'account_frozen',
      'phone_not_verified',
      true,
    ]);
    // P: a's, b's and e's; R: d's second, after its first was voided.
    expect(left.products.slice(0, 4)).toEqual([
      { estoque: 5, estoque_reservado: 4, status: 'ATIVO' },
      { estoque: null, estoque_reservado: 0, status: 'ATIVO' },
      { estoque: 2, estoque_reservado: 1, status: 'ATIVO' },
      { estoque: 10, estoque_reservado: 0, status: 'INATIVO' },
    ]);
    const confirmed = await codesConfirm(together);
    expect(confirmed.confirmed).toBe(confirmed.sales);
    expect(confirmed.sales).toBeGreaterThan(15);
    await expectLedgerSound(db());
  });

  it('holds as sets each buyer’s items up to the first that would not be held, and nothing else', async () => {
    const m = await market();
    const taken = await takenBySetPath(t, 'kc_compras_reter_juntas', m.items);
    // a's first two, b's (its second after c's, d's, …), d's first, rich's three within the day,
    // i's two within the code budget, j's first; every other item waits for the one-by-one path.
    expect(Object.keys(taken).sort((x, y) => Number(x) - Number(y))).toEqual([
      '1',
      '2',
      '6',
      '8',
      '17',
      '18',
      '19',
      '21',
      '22',
      '24',
      '32',
    ]);
    expect(taken['2']).toMatchObject({ ok: true, total_centis: 1_400 });
    const { rows } = await sql<{ estoque_reservado: number }>`
      select estoque_reservado from produtos where id in (${m.products.P.id}, ${m.products.R.id}) order by created_at`.execute(
      db(),
    );
    // e's attempt before the batch, then a's and b's units; R: d's two.
    expect(rows.map((r) => r.estoque_reservado)).toEqual([4, 2]);
    await expectLedgerSound(db());
  });
});
