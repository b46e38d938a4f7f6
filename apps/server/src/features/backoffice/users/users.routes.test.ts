import { randomUUID } from 'node:crypto';
import { maskNif } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_ACCOUNT_ID, ledger } from '../../../ledger/ledger.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { feePayment, seedAgentAccount } from '../../../test-support/movement-legs.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { decideReport } from '../../../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';
import { sendMoney, startTransfer } from '../../../test-support/transfers.ts';

// An operator finds a person by whatever they give on the phone (e-mail, number, NIF, a name)
// and reads their page and their movements.
describe(`the back office's users and movements on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let cookie: string;
  let operatorId: string;
  let payer: SeededUser;
  let payee: SeededUser;
  let transferId: string;

  beforeAll(async () => {
    // Many payments from one payer in a few seconds: the code-sending limits are widened.
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10000' });
    const session = await operatorSession(t, 'support');
    cookie = session.cookie;
    operatorId = session.operator.id;
    [payer, payee] = [await seedUser(t), await seedUser(t)];
    await t.database.db
      .updateTable('usuarios')
      .set({ nome_completo: 'Wòbè Élysée Fanfan' })
      .where('id', '=', payer.id)
      .execute();
    transferId = await sendMoney(t, payer, payee, 1250);
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const get = (url: string) => t.app.inject({ url: `/api/admin${url}`, headers: { cookie } });
  const search = async (q: string) => {
    const res = await get(`/users?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: string }[]).map((u) => u.id);
  };

  it('finds a user by e-mail, phone, NIF or part of the name, whatever the case, accents or spacing', async () => {
    const nif = (
      await t.database.db
        .selectFrom('usuarios')
        .select('documento')
        .where('id', '=', payer.id)
        .executeTakeFirstOrThrow()
    ).documento;
    expect(await search(payer.email.toUpperCase())).toEqual([payer.id]);
    expect(await search(payer.email.slice(0, 8))).toContain(payer.id);
    const local = payer.telefone.slice(4);
    expect(await search(`+509 ${local.slice(0, 4)}-${local.slice(4)}`)).toEqual([payer.id]);
    expect(await search(local)).toEqual([payer.id]);
    expect(await search(maskNif(nif))).toEqual([payer.id]);
    expect(await search(nif)).toContain(payer.id);
    expect(await search('wobe elysee')).toEqual([payer.id]);
    expect(await search('ÉLYSÉE')).toEqual([payer.id]);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it('answers at most 20 people, and refuses a query of less than 2 characters', async () => {
    for (let i = 0; i < 21; i++) await seedUser(t);
    expect(await search('jean pierre')).toHaveLength(20);
    for (const q of ['', 'a', ' b ']) {
      const res = await get(`/users?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect((await get('/users')).json().error.code).toBe('validation_error');
    // A LIKE wildcard is a character like any other.
    expect(await search('%%')).toEqual([]);
  });

  it("shows the user's page: identity, balance, movements, sessions, reports, freeze and audit rows", async () => {
    // The payer reported the payment (written as the reports area writes it), and the support
    // operator froze the account.
    await t.database.db
      .insertInto('reclamacoes')
      .values({
        movimentacao_id: transferId,
        pagador_id: payer.id,
        recebedor_id: payee.id,
        quantidade_centis: 1250,
        prazo_em: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const frozen = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${payer.id}/freeze`,
      headers: { cookie },
      payload: { motivo: 'Telefòn vòlè', categoria: 'telefone_perdido' },
    });
    expect(frozen.statusCode).toBe(200);
    const pending = await startTransfer(t, payee, payer, 300);

    const res = await get(`/users/${payer.id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.usuario).toMatchObject({
      id: payer.id,
      nome_completo: 'Wòbè Élysée Fanfan',
      email: payer.email,
      telefone: payer.telefone,
      data_nascimento: '1985-01-01',
      congelamento: {
        por: 'operador',
        motivo: 'Telefòn vòlè',
        categoria: 'telefone_perdido',
        operador: { id: operatorId },
      },
    });
    expect(page.usuario.telefone_verificado_em).not.toBeNull();
    expect(page.usuario.documento_aprovado_em).toBeNull();
    expect(page.usuario).not.toHaveProperty('document_photo_key');
    expect(page.saldo).toEqual({ saldo_centis: 8750, reservado_centis: 0, disponivel_centis: 8750 });
    // A proven phone without an approved document is level 1; the ₭12,50 sent counts today.
    expect(page.limites).toEqual({
      nivel: 1,
      limites: t.config.levelLimits[1],
      usado_hoje_centis: 1250,
      usado_mes_centis: 1250,
    });
    expect(page.movimentos.items.map((m: { id: string }) => m.id)).toContain(transferId);
    expect(page.movimentos.items[0]).toMatchObject({ id: pending, status: 'pendente', sentido: 'credito' });
    expect(page.movimentos.items.find((m: { id: string }) => m.id === transferId)).toMatchObject({
      tipo: 'transferencia',
      status: 'concluida',
      quantidade_centis: 1250,
      sentido: 'debito',
      destinatario_nome: payee.nome,
    });
    expect(page.sessoes).toHaveLength(1);
    expect(page.sessoes[0]).toMatchObject({ revogado_em: null });
    expect(page.reclamacoes).toEqual([
      expect.objectContaining({ movimentacao_id: transferId, papel: 'pagador', status: 'aberta' }),
    ]);
    // This very view is on the trail, newest first, above the freeze.
    expect(page.auditoria.items.map((a: { acao: string }) => a.acao)).toEqual([
      'user.view',
      'account.freeze',
    ]);
    expect(page.auditoria.items[0]).toMatchObject({ operador_id: operatorId, papel: 'support' });

    // Opening the page again soon after (a reload, the refresh after a freeze) adds no row.
    const again = (await get(`/users/${payer.id}`)).json();
    expect(again.auditoria.items.map((a: { acao: string }) => a.acao)).toEqual([
      'user.view',
      'account.freeze',
    ]);

    const payeePage = (await get(`/users/${payee.id}`)).json();
    expect(payeePage.reclamacoes).toEqual([expect.objectContaining({ papel: 'recebedor' })]);
    expect(payeePage.saldo).toEqual({ saldo_centis: 11250, reservado_centis: 300, disponivel_centis: 10950 });
    expect(payeePage.usuario.congelamento).toBeNull();
  });

  it('pages the movements of a busy user, each once, newest first', async () => {
    const busy = await seedUser(t, { bonusCentis: 50_000 });
    for (let i = 0; i < 22; i++) await sendMoney(t, busy, payee, 100 + i);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/users/${busy.id}/movements${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: { id: string }[]; next_cursor: string | null };
      ids.push(...body.items.map((m) => m.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(ids).toHaveLength(23); // 22 payments and the sign-up bonus
    expect(new Set(ids).size).toBe(23);
  });

  it("shows a movement's page: both ledger lines with the balances around them, the parties and its report", async () => {
    const res = await get(`/movements/${transferId}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.movimentacao).toMatchObject({
      id: transferId,
      tipo: 'transferencia',
      status: 'concluida',
      quantidade_centis: 1250,
      remetente_id: payer.id,
      remetente_nome: 'Wòbè Élysée Fanfan',
      destinatario_id: payee.id,
      destinatario_email: payee.email,
    });
    expect(page.lancamentos).toEqual([
      expect.objectContaining({
        conta_id: payer.id,
        conta_tipo: 'usuario',
        valor_centis: -1250,
        saldo_anterior_centis: 10000,
        saldo_posterior_centis: 8750,
      }),
      expect.objectContaining({
        conta_id: payee.id,
        valor_centis: 1250,
        saldo_anterior_centis: 10000,
        saldo_posterior_centis: 11250,
      }),
    ]);
    expect(page).toMatchObject({ corrige: null, corrigido_por: [], venda: null });
    expect(page.reclamacao).toMatchObject({ status: 'aberta', quantidade_centis: 1250 });

    expect((await get(`/movements/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/movements/not-an-id')).statusCode).toBe(404);
    expect((await get(`/users/${randomUUID()}`)).statusCode).toBe(404);
  });

  it("shows every line of a movement: each leg's two, and those of a posting stamped long after it began", async () => {
    const linesOf = async (id: string) =>
      (
        (await get(`/movements/${id}`)).json().lancamentos as { conta_id: string; valor_centis: number }[]
      ).map((l) => [l.conta_id, l.valor_centis]);
    // A payment with its fee and an agent's commission: three legs, six lines.
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const float = await seedAgentAccount(t, b);
    const paid = await ledger.postLegs(t.app.deps, {
      movementKind: 'transferencia',
      note: null,
      legs: feePayment(a.id, b.id, float, 1_000, 50, 20),
    });
    if (!paid.ok) throw new Error(paid.error);
    expect(await linesOf(paid.movimentacao_id)).toEqual([
      [a.id, -1_000],
      [b.id, 1_000],
      [a.id, -50],
      [FEE_ACCOUNT_ID, 50],
      [a.id, -20],
      [float, 20],
    ]);
    // Held, not posted: no lines yet.
    expect(await linesOf(await startTransfer(t, a, b, 100))).toEqual([]);
    // A posting that waited on its accounts' locks stamps its lines when it has them, long after
    // its transaction began (its concluido_em). Planted, written as a posting writes them (both
    // balances, and a line for each with the balance around it): no flow here waits that long.
    const [c, d] = [await seedUser(t), await seedUser(t)];
    const late = await t.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        insert into kreyolcash_movimentacoes (tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito,
                                              quantidade_centis, concluido_em)
        values ('transferencia', 'concluida', ${c.id}::uuid, ${d.id}::uuid, ${c.id}::uuid, ${d.id}::uuid, 700, now())
        returning id::text`.execute(trx);
      const id = rows[0]?.id ?? '';
      await sql`
        with novos as (
          update kreyolcash_contas set saldo_centis = saldo_centis + case when id = ${d.id}::uuid then 700 else -700 end
           where id in (${c.id}::uuid, ${d.id}::uuid)
          returning id, saldo_centis, case when id = ${d.id}::uuid then 700 else -700 end as valor)
        insert into kreyolcash_lancamentos (movimentacao_id, conta_id, valor_centis, saldo_anterior_centis,
                                            saldo_posterior_centis, criado_em)
        select ${id}::uuid, id, valor, saldo_centis - valor, saldo_centis, now() + interval '2 minutes'
          from novos order by valor`.execute(trx);
      return id;
    });
    expect(await linesOf(late)).toEqual([
      [c.id, -700],
      [d.id, 700],
    ]);
  });

  it('names the operator of a correction by name and role, not by the stored id', async () => {
    const report = (await get(`/movements/${transferId}`)).json().reclamacao;
    expect(
      (await decideReport(t, cookie, report.id, 'reverse', 'Moun nan te konfonn nimewo a')).statusCode,
    ).toBe(200);
    const [reversal] = (await get(`/movements/${transferId}`)).json().corrigido_por;
    const page = (await get(`/movements/${reversal.id}`)).json();
    expect(page.movimentacao.tipo).toBe('estorno');
    expect(page.movimentacao.ator_operador).toEqual({
      id: operatorId,
      nome: expect.any(String),
      papel: 'support',
    });
    const { nome } = await t.database.db
      .selectFrom('operadores')
      .select('nome')
      .where('id', '=', operatorId)
      .executeTakeFirstOrThrow();
    expect(page.movimentacao.ator_operador.nome).toBe(nome);
    // A movement no operator made names none.
    expect((await get(`/movements/${transferId}`)).json().movimentacao.ator_operador).toBeNull();
  });
});
