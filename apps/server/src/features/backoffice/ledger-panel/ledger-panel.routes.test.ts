import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { messagesByStatus } from '../../../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';
import { sendMoney, startTransfer } from '../../../test-support/transfers.ts';

// Finance's view of the whole ledger after real transfers, checked against the tables, and the
// ledger audit run from the panel.
describe(`the ledger panel on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let cookie: string;
  let operatorId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const session = await operatorSession(t, 'finance');
    cookie = session.cookie;
    operatorId = session.operator.id;
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const panel = async () => {
    const res = await t.app.inject({ url: '/api/admin/ledger', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('adds up what was issued, what users hold, what is held for pending transfers and the fees', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t, { bonusCentis: 5000 })];
    await sendMoney(t, a, b, 1250);
    await sendMoney(t, b, c, 700);
    await startTransfer(t, c, a, 300);
    await startTransfer(t, a, c, 450);

    const figures = await panel();
    expect(figures).toMatchObject({
      emitido_centis: 25_000,
      saldos_usuarios_centis: 25_000,
      reservado_centis: 750,
      taxas_centis: 0,
      outras_centis: 0,
      contas_usuarios: 3,
      pendentes: { quantidade: 2, total_centis: 750 },
      reclamacoes_abertas: 0,
      ultima_verificacao: null,
    });
    // The same figures read straight from the tables.
    const { rows } = await sql<{ issued: number; balances: number; reserved: number }>`
      select (select sum(quantidade_centis) from kreyolcash_lotes)::bigint as issued,
             (select sum(saldo_centis) from kreyolcash_contas where tipo = 'usuario')::bigint as balances,
             (select sum(reservado_centis) from kreyolcash_contas)::bigint as reserved`.execute(
      t.database.db,
    );
    expect(rows[0]).toEqual({
      issued: figures.emitido_centis,
      balances: figures.saldos_usuarios_centis,
      reserved: figures.reservado_centis,
    });
  });

  it("gives the outbox queue's size, its failures and the age of its oldest pending message", async () => {
    const queued = await messagesByStatus(t.database.db);
    await t.database.db
      .updateTable('outbox_messages')
      .set({ status: 'failed' })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('outbox_messages')
          .select((s) => s.fn.max('id').as('id'))
          .where('status', '=', 'pending'),
      )
      .execute();
    const oldest = await t.database.db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    await sql`update outbox_messages set created_at = now() - interval '2 hours' where status = 'pending'
              and id = (select min(id) from outbox_messages where status = 'pending')`.execute(t.database.db);
    const { outbox } = await panel();
    expect(oldest.at).not.toBeNull();
    expect(queued.pending).toBeGreaterThan(1);
    expect(outbox).toMatchObject({ pending: queued.pending - 1, failed: queued.failed + 1 });
    expect(outbox).not.toHaveProperty('sent');
    expect(outbox.idade_segundos).toBeGreaterThanOrEqual(7200);
    expect(outbox.idade_segundos).toBeLessThan(7300);
    expect(new Date(outbox.mais_antiga_em).getTime()).toBeLessThan(Date.now() - 7_190_000);
  });

  it('runs the ledger check now: stores the result, answers it, shows it as the last one and audits it', async () => {
    const run = await t.app.inject({ method: 'POST', url: '/api/admin/ledger/check', headers: { cookie } });
    expect(run.statusCode).toBe(200);
    const result = run.json();
    expect(result).toMatchObject({ ok: true, relatorio: { problems: [], problemCount: 0, pendingHolds: 2 } });
    const stored = await t.database.db.selectFrom('verificacoes_razao').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: result.id, ok: true });

    expect((await panel()).ultima_verificacao).toEqual(result);
    const audit = await t.database.db
      .selectFrom('auditoria')
      .selectAll()
      .where('acao', '=', 'ledger.check')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ operador_id: operatorId, papel: 'finance', alvo_id: String(result.id) });
  });

  it('reports a broken ledger as not ok, with its problems', async () => {
    const victim = await seedUser(t);
    await sql`update kreyolcash_contas set saldo_centis = saldo_centis + 1 where id = ${victim.id}::uuid`.execute(
      t.database.db,
    );
    const run = (
      await t.app.inject({ method: 'POST', url: '/api/admin/ledger/check', headers: { cookie } })
    ).json();
    await sql`update kreyolcash_contas set saldo_centis = saldo_centis - 1 where id = ${victim.id}::uuid`.execute(
      t.database.db,
    );
    expect(run.ok).toBe(false);
    expect(run.relatorio.problems).toEqual([
      expect.objectContaining({ check: 'balance differs from its entries', subject: victim.id }),
    ]);
    expect((await panel()).ultima_verificacao.ok).toBe(false);
  });
});
