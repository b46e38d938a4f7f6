import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Transaction } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpirySweeper, ledger } from '../../ledger/ledger.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

// Only posted money reaches the payee; a purchase reads as a purchase.
describe(`the statement tells the truth, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    const check = await checkLedger(t.database.db);
    expect(check.problems).toEqual([]);
    expect(check.mismatchedUsers).toBe(0);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const post = (u: SeededUser, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth(u), 'idempotency-key': randomUUID() }, payload });
  const hold = async (from: SeededUser, to: SeededUser, centis: number): Promise<string> => {
    const res = await post(from, '/api/transfers', {
      destinatario_email: to.email,
      quantidade_centis: centis,
    });
    expect(res.statusCode).toBe(201);
    return res.json().movimentacao_id;
  };
  const confirm = async (from: SeededUser, id: string) => {
    const res = await post(from, `/api/transfers/${id}/verify`, { codigo: await codeForMovement(t, id) });
    expect(res.statusCode).toBe(200);
  };
  const cancel = async (from: SeededUser, id: string) =>
    expect((await post(from, `/api/transfers/${id}/cancel`)).statusCode).toBe(200);
  const expireNow = async (movementId: string) => {
    await sql`update kreyolcash_movimentacoes set expira_em = now() - interval '1 second' where id = ${movementId}::uuid`.execute(
      t.database.db,
    );
    await new ExpirySweeper(t.database.db, { info: () => {}, error: () => {} } as never).sweep();
  };
  const tab = async (u: SeededUser, type: string): Promise<Transaction[]> => {
    const res = await t.app.inject({
      url: `/api/wallet/transactions?type=${type}&limit=100`,
      headers: auth(u),
    });
    expect(res.statusCode).toBe(200);
    return res.json().items;
  };
  const detail = (u: SeededUser, id: string) =>
    t.app.inject({ url: `/api/wallet/transactions/${id}`, headers: auth(u) });
  const ids = (items: Transaction[]) => items.map((m) => m.id);

  it('shows the payee only posted money; the payer keeps every attempt, labelled', async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    const pending = await hold(payer, payee, 2000);
    const cancelled = await hold(payer, payee, 750);
    await cancel(payer, cancelled);
    const expired = await hold(payer, payee, 300);
    await expireNow(expired);
    const posted = await hold(payer, payee, 1250);
    await confirm(payer, posted);

    for (const type of ['all', 'received']) expect(ids(await tab(payee, type))).not.toContain(pending);
    expect(ids(await tab(payee, 'received'))).toEqual([posted]);
    expect((await tab(payee, 'all')).map((m) => [m.type, m.tipo])).toEqual([
      ['received', 'transferencia'],
      ['signup', 'cadastro'],
    ]);
    for (const id of [pending, cancelled, expired]) {
      const res = await detail(payee, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('transaction_not_found');
    }
    expect((await detail(payee, posted)).json()).toMatchObject({ type: 'received', status: 'concluida' });
    expect(await t.app.inject({ url: '/api/wallet', headers: auth(payee) }).then((r) => r.json())).toEqual({
      saldo_centis: 11250,
      reservado_centis: 0,
      disponivel_centis: 11250,
    });

    const sent = await tab(payer, 'sent');
    expect(sent.map((m) => [m.id, m.status, m.expirada])).toEqual([
      [posted, 'concluida', false],
      [expired, 'cancelada', true],
      [cancelled, 'cancelada', false],
      [pending, 'pendente', false],
    ]);
    expect(ids(await tab(payer, 'all')).slice(0, 4)).toEqual(ids(sent));
    expect((await detail(payer, expired)).json()).toMatchObject({ status: 'cancelada', expirada: true });
  });

  it('sends the payee an event only for a posting, never for a hold, a void or an expiry', async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    const payerStream = await openEventStream(`${baseUrl}/api/events`, payer.accessToken);
    const payeeStream = await openEventStream(`${baseUrl}/api/events`, payee.accessToken);
    await payerStream.next('balance');
    await payeeStream.next('balance');

    const cancelled = await hold(payer, payee, 500);
    await cancel(payer, cancelled);
    const expired = await hold(payer, payee, 600);
    await expireNow(expired);
    // The payer hears all four (hold, void, hold, expiry): any event for the payee is out by then.
    const heard = [];
    for (let i = 0; i < 4; i++) heard.push((await payerStream.next('transaction')).data);
    expect(heard).toEqual(expect.arrayContaining([{ id: cancelled }, { id: expired }]));

    const posted = await hold(payer, payee, 700);
    await confirm(payer, posted);
    expect((await payeeStream.next('transaction')).data).toEqual({ id: posted });
    expect(payeeStream.events.filter((e) => e.event === 'transaction').map((e) => e.data)).toEqual([
      { id: posted },
    ]);
    payerStream.close();
    payeeStream.close();
  });

  it('reads a purchase as a purchase to the buyer and as a sale to the seller, without ids in its texts', async () => {
    const seller = await seedUser(t);
    const owner = { ...seller, refreshCookie: '' };
    const empresa = await createCompanyAs(t, owner, { nome: 'Boutik Manman Lou' });
    const produto = await createProductAs(t, owner, empresa.id, {
      nome: 'Diri blan',
      preco_centis: 375,
      estoque: 9,
    });
    const buyer = await seedUser(t);
    const start = async () => {
      const res = await post(buyer, '/api/purchases', { produto_id: produto.id, quantidade: 2 });
      expect(res.statusCode).toBe(201);
      return res.json().venda_id as string;
    };
    const movementOf = async (saleId: string) =>
      (
        await t.database.db
          .selectFrom('vendas')
          .select('movimentacao_id')
          .where('id', '=', saleId)
          .executeTakeFirstOrThrow()
      ).movimentacao_id as string;

    // A cancelled purchase and a pending one stay on the buyer's side only.
    const cancelledSale = await start();
    expect((await post(buyer, `/api/purchases/${cancelledSale}/cancel`)).statusCode).toBe(200);
    const pendingSale = await start();
    const hidden = [await movementOf(cancelledSale), await movementOf(pendingSale)];
    for (const type of ['all', 'received'])
      expect(ids(await tab(seller, type))).toEqual(type === 'all' ? [expect.any(String)] : []);
    for (const id of hidden) expect((await detail(seller, id)).statusCode).toBe(404);
    expect((await detail(buyer, hidden[1] as string)).json()).toMatchObject({
      status: 'pendente',
      tipo: 'compra',
    });

    const code = await codeForMovement(t, pendingSale);
    expect((await post(buyer, `/api/purchases/${pendingSale}/verify`, { codigo: code })).statusCode).toBe(
      200,
    );
    const movementId = hidden[1] as string;
    const compra = {
      venda_id: pendingSale,
      produto_id: produto.id,
      empresa_id: empresa.id,
      produto_nome: 'Diri blan',
      empresa_nome: 'Boutik Manman Lou',
      quantidade: 2,
      preco_unitario_centis: 375,
    };
    const asBuyer = (await detail(buyer, movementId)).json();
    const asSeller = (await detail(seller, movementId)).json();
    expect(asBuyer).toMatchObject({
      type: 'sent',
      tipo: 'compra',
      status: 'concluida',
      quantidade_centis: 750,
      compra,
    });
    expect(asSeller).toMatchObject({ type: 'received', tipo: 'compra', status: 'concluida', compra });
    expect(ids(await tab(seller, 'received'))).toEqual([movementId]);
    // The list's entry is the detail, less what only a detail carries (its report).
    const { reclamacao, pode_reclamar, ...listed } = asBuyer;
    expect({ reclamacao, pode_reclamar }).toEqual({ reclamacao: null, pode_reclamar: false });
    expect((await tab(buyer, 'sent')).find((m) => m.id === movementId)).toEqual(listed);
    for (const seen of [asBuyer, asSeller]) {
      // Ids travel only as ids; no text a screen shows carries one ("Venda <uuid>").
      const { id, compra: line, ...texts } = seen;
      const { venda_id, produto_id, empresa_id, ...lineTexts } = line;
      expect(JSON.stringify({ ...texts, ...lineTexts })).not.toMatch(UUID);
      expect(seen.observacoes).toBeNull();
    }
  });

  it('marks a reversed payment, and the reversal reads as one', async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    const posted = await hold(payer, payee, 900);
    await confirm(payer, posted);
    const reversal = await ledger.reverse(t.app.deps, {
      movementId: posted,
      actor: 'operator:test',
      reason: 'wrong number',
      idempotencyKey: randomUUID(),
    });
    expect(reversal.ok).toBe(true);
    for (const who of [payer, payee]) {
      const [back, original] = await tab(who, 'all');
      expect(original).toMatchObject({ id: posted, estornada: true, status: 'concluida' });
      expect(back).toMatchObject({ tipo: 'estorno', estornada: false, quantidade_centis: 900 });
    }
    expect((await tab(payer, 'received'))[0]).toMatchObject({ tipo: 'estorno', type: 'received' });
  });
});
