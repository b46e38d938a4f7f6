import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, type PartyHoldPolicy, requestHashOf } from '../../ledger/ledger.ts';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import { codeForMovement, type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../../test-support/marketplace.ts';
import { balanceOf, paidTransfer } from '../../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// A payer disputes one of their movements from its page: a purchase whose goods never came, an
// escrow they held for a seller. A posted amount is held on the payee's side, a held one waits for
// support's decision; both people are told. Every refusal leaves balances and disputes as they were.
describe(`disputing a movement from the wallet on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const dispute = (user: SeededUser, movementId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/wallet/transactions/${movementId}/dispute`,
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload,
    });
  const messagesAbout = (reportId: string) =>
    t.database.db
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'template'])
      .where('referencia', '=', reportId)
      .orderBy('id')
      .execute();
  const disputesOf = (payer: SeededUser) =>
    t.database.db.selectFrom('reclamacoes').selectAll().where('pagador_id', '=', payer.id).execute();
  const statusOf = async (movementId: string) =>
    (
      await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .select('status')
        .where('id', '=', movementId)
        .executeTakeFirstOrThrow()
    ).status;

  /** A posted purchase of one item of `price` from a new seller's product; its movement id. */
  async function postedPurchase(buyer: SeededUser, seller: SeededUser, price: number): Promise<string> {
    const company = await createCompanyAs(t, { ...seller, refreshCookie: '' });
    const product = await createProductAs(t, { ...seller, refreshCookie: '' }, company.id, {
      preco_centis: price,
      estoque: 5,
    });
    const sale = await ledger.hold(t.app.deps, {
      kind: 'purchase',
      buyerId: buyer.id,
      productId: product.id,
      quantity: 1,
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('purchase', [product.id, 1]),
    });
    if (!sale.ok) throw new Error(`purchase refused: ${sale.error}`);
    const posted = await ledger.post(t.app.deps, {
      kind: 'purchase',
      saleId: sale.venda_id,
      buyerId: buyer.id,
      code: await codeForMovement(t, sale.venda_id),
    });
    if (!posted.ok) throw new Error(`purchase not posted: ${posted.error}`);
    return sale.movimentacao_id;
  }

  /** An escrow: `amount` held from payer to seller until the payer releases it. */
  async function heldEscrow(payer: SeededUser, seller: SeededUser, amount: number): Promise<string> {
    const policy: PartyHoldPolicy = {
      confirmation: { by: 'party', partyId: payer.id },
      countsInLimits: true,
      expiry: { afterMs: 24 * 60 * 60 * 1000, action: 'post' },
    };
    const held = await ledger.hold(t.app.deps, {
      kind: 'movement',
      movementKind: 'transferencia',
      debitAccountId: payer.id,
      creditAccountId: seller.id,
      amountCentis: amount,
      note: 'escrow',
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('movement', [seller.id, amount]),
      policy,
    });
    if (!held.ok) throw new Error(`escrow refused: ${held.error}`);
    return held.movimentacao_id;
  }

  it('holds a posted purchase that never came on the seller’s side, and tells both', async () => {
    const [buyer, seller] = [await seedUser(t), await seedUser(t)];
    const movementId = await postedPurchase(buyer, seller, 1_500);
    expect(await balanceOf(t, seller)).toEqual({
      saldo_centis: 11_500,
      reservado_centis: 0,
      disponivel_centis: 11_500,
    });

    const res = await dispute(buyer, movementId, {
      tipo: 'nao_entregue',
      descricao: 'Mwen pa janm resevwa l',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reclamacao } = res.json();
    expect(reclamacao).toMatchObject({
      status: 'aberta',
      retido: true,
      descricao: 'Mwen pa janm resevwa l',
      decidido_em: null,
      estorno_id: null,
    });
    expect(await balanceOf(t, seller)).toEqual({
      saldo_centis: 11_500,
      reservado_centis: 1_500,
      disponivel_centis: 10_000,
    });
    expect(await disputesOf(buyer)).toEqual([
      expect.objectContaining({ id: reclamacao.id, movimentacao_id: movementId, tipo: 'nao_entregue' }),
    ]);
    expect(await messagesAbout(reclamacao.id)).toEqual([
      { channel: 'whatsapp', recipient: buyer.telefone, template: 'report_opened_payer' },
      { channel: 'whatsapp', recipient: seller.telefone, template: 'report_opened_payee' },
    ]);
    // The movement's page shows it to the buyer.
    const page = await t.app.inject({
      url: `/api/wallet/transactions/${movementId}`,
      headers: { authorization: `Bearer ${buyer.accessToken}` },
    });
    expect(page.json()).toMatchObject({ reclamacao: { id: reclamacao.id, status: 'aberta' } });
  });

  it('keeps a disputed escrow held: its party can no longer release it', async () => {
    const [payer, seller] = [await seedUser(t), await seedUser(t)];
    const movementId = await heldEscrow(payer, seller, 800);
    const res = await dispute(payer, movementId, { tipo: 'outro', descricao: 'Machandiz la kase' });
    expect(res.statusCode, res.body).toBe(201);
    // The app says the money is held, as the WhatsApp message does.
    expect(res.json().reclamacao).toMatchObject({ status: 'aberta', retido: true });

    const release = await ledger.post(t.app.deps, { kind: 'party', movementId, partyId: payer.id });
    expect(release).toMatchObject({ ok: false, error: 'transaction_in_dispute' });
    expect(await statusOf(movementId)).toBe('pendente');
    expect(await balanceOf(t, payer)).toEqual({
      saldo_centis: 10_000,
      reservado_centis: 800,
      disponivel_centis: 9_200,
    });
    expect(await balanceOf(t, seller)).toMatchObject({ saldo_centis: 10_000, reservado_centis: 0 });
  });

  it('refuses what cannot be disputed, each with its code, and changes nothing', async () => {
    const [payer, payee, stranger] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const paid = await paidTransfer(t, payer, payee, 1_000);
    const issuance = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('id')
      .where('destinatario_id', '=', payer.id)
      .where('tipo', '=', 'cadastro')
      .executeTakeFirstOrThrow();
    const snapshot = async () => ({
      payer: await balanceOf(t, payer),
      payee: await balanceOf(t, payee),
      disputes: await disputesOf(payer),
      strangers: await disputesOf(stranger),
      payees: await disputesOf(payee),
    });
    const expectRefused = async (res: Awaited<ReturnType<typeof dispute>>, status: number, code: string) => {
      expect([res.statusCode, res.json().error.code], res.body).toEqual([status, code]);
      expect(await snapshot()).toEqual(before);
    };
    const before = await snapshot();

    // Someone else's movement does not exist for them; nor does an id that names nothing.
    await expectRefused(
      await dispute(stranger, paid, { tipo: 'nao_entregue' }),
      404,
      'transaction_not_found',
    );
    await expectRefused(await dispute(payer, 'not-a-uuid', { tipo: 'outro' }), 404, 'transaction_not_found');
    // The payee sees it, but only its payer disputes it.
    await expectRefused(
      await dispute(payee, paid, { tipo: 'nao_reconhecida' }),
      422,
      'transaction_not_reportable',
    );
    // The signup bonus is the payer's own movement, but nobody paid it.
    await expectRefused(
      await dispute(payer, issuance.id, { tipo: 'nao_reconhecida' }),
      422,
      'transaction_not_reportable',
    );
    // A reason the route does not know, none, and a wrong person (its own route).
    await expectRefused(await dispute(payer, paid, { tipo: 'roubo' }), 422, 'validation_error');
    await expectRefused(await dispute(payer, paid, {}), 422, 'validation_error');
    await expectRefused(await dispute(payer, paid, { tipo: 'pessoa_errada' }), 422, 'validation_error');
    await expectRefused(
      await dispute(payer, paid, { tipo: 'outro', descricao: 'x'.repeat(501) }),
      422,
      'value_too_long',
    );

    // The first dispute opens; a second of the same movement is refused and changes nothing more.
    const first = await dispute(payer, paid, { tipo: 'nao_reconhecida' });
    expect(first.statusCode, first.body).toBe(201);
    const after = await snapshot();
    const again = await dispute(payer, paid, { tipo: 'outro' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'report_already_exists']);
    expect(await snapshot()).toEqual(after);
  });
});
