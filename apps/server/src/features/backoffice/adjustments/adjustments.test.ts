import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { textOf } from '../../../test-support/outbox-messages.ts';
import { walkPages } from '../../../test-support/pages.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// Adjustments with two approvals: finance proposes, another finance or admin operator approves,
// and only then does the ledger post it; the person sees it in the statement and on WhatsApp.

let t: TestApp;
type Session = Awaited<ReturnType<typeof operatorSession>>;
let proposer: Session;
let approver: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  proposer = await operatorSession(t, 'finance');
  approver = await operatorSession(t, 'finance');
  admin = await operatorSession(t, 'admin');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

function post(url: string, as: Session, payload: object = {}) {
  return t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { cookie: as.cookie }, payload });
}

async function propose(user: { id: string } | string, amount: number, as = proposer) {
  const res = await post('/adjustments', as, {
    user_id: typeof user === 'string' ? user : user.id,
    quantidade_centis: amount,
    motivo: 'Frè yo te pran de fwa',
    referencia: 'TICKET-42',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ajuste as { id: string; status: string; user_id: string };
}

const available = async (u: SeededUser) =>
  (await t.app.inject({ url: '/api/wallet', headers: { authorization: `Bearer ${u.accessToken}` } })).json()
    .disponivel_centis as number;

const proposal = (id: string) =>
  t.database.db.selectFrom('ajustes_propostos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const auditOf = (id: string) =>
  t.database.db
    .selectFrom('auditoria')
    .select(['acao', 'operador_id', 'papel', 'antes', 'depois', 'motivo', 'usuario_id'])
    .where('alvo_id', '=', id)
    .orderBy('id')
    .execute();

const adjustmentsOf = (userId: string) =>
  t.database.db
    .selectFrom('kreyolcash_movimentacoes')
    .select(['id', 'quantidade_centis', 'remetente_id', 'destinatario_id', 'ator', 'motivo'])
    .where('tipo', '=', 'ajuste')
    .where((eb) => eb.or([eb('remetente_id', '=', userId), eb('destinatario_id', '=', userId)]))
    .execute();

describe(`adjustments with two approvals on ${testDatabaseKind}`, () => {
  it('proposes a credit for a person named by e-mail, and records who proposed it', async () => {
    const person = await seedUser(t);
    const ajuste = await propose(person.email.toUpperCase(), 1_250);
    expect(ajuste).toMatchObject({ status: 'proposto', user_id: person.id });
    expect(await adjustmentsOf(person.id)).toEqual([]);
    expect(await auditOf(ajuste.id)).toEqual([
      expect.objectContaining({
        acao: 'adjustment.propose',
        operador_id: proposer.operator.id,
        papel: 'finance',
        usuario_id: person.id,
        motivo: 'Frè yo te pran de fwa',
        depois: expect.objectContaining({ status: 'proposto', quantidade_centis: 1_250 }),
      }),
    ]);
    const listed = await t.app.inject({
      url: '/api/admin/adjustments?status=proposto',
      headers: { cookie: approver.cookie },
    });
    expect(listed.json().items).toContainEqual(
      expect.objectContaining({
        id: ajuste.id,
        usuario_email: person.email,
        proposto_por_nome: proposer.operator.name,
      }),
    );
  });

  it('refuses a proposal without a reason or a reference, of zero, or for nobody, and keeps nothing', async () => {
    const person = await seedUser(t);
    const base = { user_id: person.id, quantidade_centis: 500, motivo: 'Erè', referencia: 'R-1' };
    for (const [body, code] of [
      [{ ...base, motivo: '  ' }, 'reason_required'],
      [{ ...base, referencia: undefined }, 'reason_required'],
      [{ ...base, quantidade_centis: 0 }, 'invalid_amount'],
      [{ ...base, quantidade_centis: 2.5 }, 'validation_error'],
      [{ ...base, user_id: 'nobody@example.ht' }, 'user_not_found'],
    ] as const) {
      const res = await post('/adjustments', proposer, body);
      expect(res.json().error.code, JSON.stringify(body)).toBe(code);
    }
    const rows = await t.database.db
      .selectFrom('ajustes_propostos')
      .select('id')
      .where('user_id', '=', person.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('finds who an adjustment would go to by id or by e-mail in any case, and nobody for an unknown one', async () => {
    const person = await seedUser(t);
    const recipient = (q: string) =>
      t.app.inject({
        url: `/api/admin/adjustments/recipient?q=${encodeURIComponent(q)}`,
        headers: { cookie: proposer.cookie },
      });
    const expected = {
      id: person.id,
      nome_completo: person.nome,
      email: person.email,
      disponivel_centis: 10_000,
    };
    for (const q of [
      person.id,
      person.email,
      person.email.toUpperCase(),
      `  ${person.email.toUpperCase()} `,
    ]) {
      const res = await recipient(q);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().usuario, q).toEqual(expected);
    }
    for (const q of ['nobody@example.ht', person.email.slice(0, -1), '']) {
      const res = await recipient(q);
      expect(res.statusCode, q).toBe(404);
      expect(res.json().error.code, q).toBe('user_not_found');
    }
  });

  it('never lets the proposer approve or reject their own proposal, nor the database', async () => {
    const person = await seedUser(t);
    const ajuste = await propose(person, 700);
    for (const action of ['approve', 'reject']) {
      const res = await post(`/adjustments/${ajuste.id}/${action}`, proposer, { motivo: 'mwen menm' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('own_adjustment_approval');
    }
    expect((await proposal(ajuste.id)).status).toBe('proposto');
    // Even a write that skips the API cannot record the proposer as the one who decided.
    await expect(
      sql`update ajustes_propostos set status = 'rejeitado', decidido_por = proposto_por, decidido_em = now()
           where id = ${ajuste.id}`.execute(t.database.db),
    ).rejects.toThrow(/ajustes_quatro_olhos/);
    expect(await adjustmentsOf(person.id)).toEqual([]);
  });

  it('posts it exactly once when two operators approve at the same moment, and tells the person', async () => {
    const person = await seedUser(t, { bonusCentis: 1_000 });
    const ajuste = await propose(person, 2_500);
    const answers = await Promise.all([
      post(`/adjustments/${ajuste.id}/approve`, approver),
      post(`/adjustments/${ajuste.id}/approve`, admin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.code).toBe('adjustment_not_pending');
    const winner = answers.find((a) => a.statusCode === 200)?.json().ajuste;

    const movements = await adjustmentsOf(person.id);
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({
      quantidade_centis: 2_500,
      destinatario_id: person.id,
      remetente_id: null,
    });
    expect(movements[0]?.ator).toBe(`operator:${winner.decidido_por}`);
    expect(await proposal(ajuste.id)).toMatchObject({
      status: 'aprovado',
      movimentacao_id: movements[0]?.id,
    });
    expect(await available(person)).toBe(3_500);
    expect((await auditOf(ajuste.id)).map((a) => a.acao)).toEqual([
      'adjustment.propose',
      'adjustment.approve',
    ]);

    const message = await t.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'template', 'params', 'idioma', 'text', 'subject', 'html'])
      .where('purpose', '=', 'adjustment_posted')
      .where('referencia', '=', ajuste.id)
      .execute();
    expect(message).toHaveLength(1);
    expect(message[0]?.recipient).toBe(person.telefone);
    expect(textOf(message[0] as never)).toContain('nou mete ₭ 25,00');
  });

  it('refuses a debit above what the person can spend and keeps it proposed until the money is there', async () => {
    const person = await seedUser(t, { bonusCentis: 1_000 });
    const ajuste = await propose(person, -1_500);
    const refused = await post(`/adjustments/${ajuste.id}/approve`, approver);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('insufficient_balance');
    expect((await proposal(ajuste.id)).status).toBe('proposto');
    expect(await adjustmentsOf(person.id)).toEqual([]);
    expect((await auditOf(ajuste.id)).map((a) => a.acao)).toEqual(['adjustment.propose']);

    // The refusal kept nothing of the approval, the ledger's key included: it posts later.
    const topUp = await propose(person, 1_000);
    expect((await post(`/adjustments/${topUp.id}/approve`, admin)).statusCode).toBe(200);
    const later = await post(`/adjustments/${ajuste.id}/approve`, approver);
    expect(later.statusCode, later.body).toBe(200);
    expect(await available(person)).toBe(500);
  });

  it('shows a credit and a debit in the person’s statement as adjustments, each on its side', async () => {
    const person = await seedUser(t, { bonusCentis: 5_000 });
    for (const amount of [300, -200]) {
      const ajuste = await propose(person, amount);
      expect((await post(`/adjustments/${ajuste.id}/approve`, approver)).statusCode).toBe(200);
    }
    const statement = await t.app.inject({
      url: '/api/wallet/transactions?type=all',
      headers: { authorization: `Bearer ${person.accessToken}` },
    });
    const rows = statement.json().items.filter((i: { tipo: string }) => i.tipo === 'ajuste');
    expect(rows).toEqual([
      // The debit: money left the person's account (they are its sender; KreyolCash has no name).
      expect.objectContaining({
        type: 'adjustment',
        status: 'concluida',
        quantidade_centis: 200,
        remetente_nome: person.nome,
        destinatario_nome: null,
      }),
      expect.objectContaining({
        type: 'adjustment',
        status: 'concluida',
        quantidade_centis: 300,
        remetente_nome: null,
        destinatario_nome: person.nome,
      }),
    ]);
    expect(await available(person)).toBe(5_100);
  });

  it('rejects with a reason; a rejected proposal cannot be approved', async () => {
    const person = await seedUser(t);
    const ajuste = await propose(person, 900);
    const noReason = await post(`/adjustments/${ajuste.id}/reject`, approver, {});
    expect(noReason.json().error.code).toBe('reason_required');
    const rejected = await post(`/adjustments/${ajuste.id}/reject`, approver, { motivo: 'Pa gen prèv' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().ajuste).toMatchObject({ status: 'rejeitado', decisao_motivo: 'Pa gen prèv' });
    const late = await post(`/adjustments/${ajuste.id}/approve`, admin);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('adjustment_not_pending');
    expect(await adjustmentsOf(person.id)).toEqual([]);
    expect(await auditOf(ajuste.id)).toEqual([
      expect.objectContaining({ acao: 'adjustment.propose' }),
      expect.objectContaining({
        acao: 'adjustment.reject',
        operador_id: approver.operator.id,
        motivo: 'Pa gen prèv',
        antes: { status: 'proposto' },
        depois: { status: 'rejeitado' },
      }),
    ]);
    const decided = await t.app.inject({
      url: '/api/admin/adjustments?status=decidido',
      headers: { cookie: admin.cookie },
    });
    expect(decided.json().items[0]).toMatchObject({ id: ajuste.id, decidido_por_nome: expect.any(String) });
  });

  it('pages the queue oldest first and the decisions latest first, each once, with how many there are', async () => {
    const person = await seedUser(t);
    const mine = [await propose(person, 100), await propose(person, 200), await propose(person, 300)].map(
      (a) => a.id,
    );
    for (const id of mine.slice(1)) {
      expect((await post(`/adjustments/${id}/reject`, approver, { motivo: 'Pa gen prèv' })).statusCode).toBe(
        200,
      );
    }
    // After every other one; the two decisions share an instant, which only their ids order.
    await sql`update ajustes_propostos set criado_em = '2099-01-01T00:00:00Z' where id = ${mine[0]}`.execute(
      t.database.db,
    );
    await sql`update ajustes_propostos set decidido_em = '2099-01-01T00:00:00Z' where id = any(${mine.slice(1)}::uuid[])`.execute(
      t.database.db,
    );
    const list = (status: string) => async (query: string) =>
      (
        await t.app.inject({
          url: `/api/admin/adjustments?status=${status}&${query}`,
          headers: { cookie: admin.cookie },
        })
      ).json();
    for (const limit of [1, 2]) {
      const queue = await walkPages(list('proposto'), limit);
      expect(queue.at(-1)).toBe(mine[0]);
      const decided = await walkPages(list('decidido'), limit);
      expect(decided.slice(0, 2)).toEqual(mine.slice(1).sort().reverse());
    }
  });
});
