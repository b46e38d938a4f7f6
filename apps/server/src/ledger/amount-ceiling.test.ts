import { randomUUID } from 'node:crypto';
import { AMOUNT_CEILING_CENTIS } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as amountCeilings from '../db/migrations/0009-amount-ceilings.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { checkLedger, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { operatorSession } from '../test-support/operators.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { openTestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { ledger } from './ledger.ts';
import { checkLedgerIntegrity } from './ledger-check.ts';

// The ceiling of every figure of money, in the ledger and in the database under it: a credit that
// would take the money issued past it is refused by name, a write that skips the ledger is refused
// by the tables' CHECKs, and ledger:check names a figure beyond it in a database without them.

const C = AMOUNT_CEILING_CENTIS;
const ISSUER = '00000000-0000-4000-8000-000000000001';

describe(`the ceiling of every amount on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const issuerBalance = async () =>
    (
      await t.database.db
        .selectFrom('kreyolcash_contas')
        .select('saldo_centis')
        .where('id', '=', ISSUER)
        .executeTakeFirstOrThrow()
    ).saldo_centis;

  const adjust = (person: SeededUser, amountCentis: number) =>
    ledger.adjust(t.app.deps, {
      userId: person.id,
      amountCentis,
      reason: 'Tès plafon an',
      actor: 'operator:test',
      idempotencyKey: randomUUID(),
    });

  const issue = (person: SeededUser, amountCentis: number) =>
    t.database.db
      .transaction()
      .execute((trx) => ledger.issue(trx, { userId: person.id, amountCentis, kind: 'bonus' }));

  it('refuses a credit that would take the money issued past the ceiling, takes one up to it, and every read answers', async () => {
    const person = await seedUser(t);
    const room = C + (await issuerBalance());
    const before = await checkLedger(t.database.db);

    expect(await adjust(person, room + 1)).toEqual({ ok: false, error: 'amount_too_large' });
    await expect(issue(person, room + 1)).rejects.toThrow(/amount_too_large/);
    expect(await checkLedger(t.database.db)).toEqual(before);

    // Exactly up to the ceiling: the issuer's balance is then minus the ceiling, and nothing more
    // can be issued, not even one centi.
    expect(await adjust(person, room)).toMatchObject({ ok: true });
    expect(await issuerBalance()).toBe(-C);
    expect(await adjust(person, 1)).toEqual({ ok: false, error: 'amount_too_large' });
    await expect(issue(person, 1)).rejects.toThrow(/amount_too_large/);

    // The person now holds close to the ceiling; everything that reads it still answers, exactly.
    const finance = await operatorSession(t, 'finance');
    const asPerson = { authorization: `Bearer ${person.accessToken}` };
    const wallet = await t.app.inject({ url: '/api/wallet', headers: asPerson });
    expect(wallet.json()).toMatchObject({ saldo_centis: 10_000 + room, disponivel_centis: 10_000 + room });
    expect((await t.app.inject({ url: '/api/me/limits', headers: asPerson })).statusCode).toBe(200);
    for (const url of [
      `/api/admin/users/${person.id}`,
      `/api/admin/users?q=${encodeURIComponent(person.email)}`,
      `/api/admin/adjustments/recipient?q=${encodeURIComponent(person.email)}`,
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: finance.cookie } });
      expect(res.statusCode, url).toBe(200);
    }
    const panel = await t.app.inject({ url: '/api/admin/ledger', headers: { cookie: finance.cookie } });
    expect(panel.json()).toMatchObject({ emitido_centis: C, saldos_usuarios_centis: C });
    expect((await checkLedgerIntegrity(t.database.db)).problems).toEqual([]);

    // Through the back office: a proposal of one centi more is refused at its approval, by name,
    // and stays proposed.
    const admin = await operatorSession(t, 'admin');
    const proposed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/adjustments',
      headers: { cookie: finance.cookie },
      payload: { user_id: person.id, quantidade_centis: 1, motivo: 'Yon santim', referencia: 'T-2' },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const approval = await t.app.inject({
      method: 'POST',
      url: `/api/admin/adjustments/${proposed.json().ajuste.id}/approve`,
      headers: { cookie: admin.cookie },
    });
    expect([approval.statusCode, approval.json().error.code]).toEqual([422, 'amount_too_large']);
    const still = await t.database.db
      .selectFrom('ajustes_propostos')
      .select('status')
      .where('id', '=', proposed.json().ajuste.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('proposto');
    expect(await issuerBalance()).toBe(-C);

    // The matching debit takes it back.
    expect(await adjust(person, -room)).toMatchObject({ ok: true });
    expect(await issuerBalance()).toBe(-(C - room));
    await expectLedgerSound(t.database.db);
  });

  it('lets parallel credits near the ceiling through only while they fit, refusing the rest by name', async () => {
    const people = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const room = C + (await issuerBalance());
    const amount = Math.floor(room / 4) + 1;
    const attempts = Array.from({ length: 12 }, (_, i) => people[i % people.length] as SeededUser);
    const settled = await Promise.allSettled(attempts.map((person) => adjust(person, amount)));
    // None threw: the ledger refused each one that did not fit before the database's CHECK could.
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    const answers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const posted = answers.map((a, i) => ({ a, person: attempts[i] as SeededUser })).filter(({ a }) => a.ok);
    expect(posted).toHaveLength(3);
    expect(answers.filter((a) => !a.ok)).toEqual(Array(9).fill({ ok: false, error: 'amount_too_large' }));
    expect(await issuerBalance()).toBeGreaterThanOrEqual(-C);
    await expectLedgerSound(t.database.db);
    for (const { person } of posted) expect(await adjust(person, -amount)).toMatchObject({ ok: true });
    expect(await issuerBalance()).toBe(-(C - room));
  });

  it('refuses a purchase whose total passes the ceiling, before anything is held', async () => {
    const [seller, buyer] = [await seedUser(t), await seedUser(t)];
    const owner = { ...seller, refreshCookie: '' };
    const company = await createCompanyAs(t, owner);
    const product = await createProductAs(t, owner, company.id, { preco_centis: C });
    const before = await checkLedger(t.database.db);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': randomUUID() },
      payload: { produto_id: product.id, quantidade: 2 },
    });
    expect([bought.statusCode, bought.json().error?.code]).toEqual([422, 'amount_too_large']);
    expect(await checkLedger(t.database.db)).toEqual(before);
  });

  it('refuses in the database any figure past the ceiling, whatever writes it', async () => {
    const db = t.database.db;
    const person = await seedUser(t);
    const refused = async (statement: ReturnType<typeof sql>, constraint: string) =>
      expect(statement.execute(db)).rejects.toThrow(new RegExp(constraint));
    await refused(
      sql`update kreyolcash_contas set saldo_centis = ${C + 1} where id = ${person.id}`,
      'kreyolcash_contas_saldo_teto',
    );
    await refused(
      sql`update kreyolcash_contas set saldo_centis = ${-C - 1} where id = ${ISSUER}`,
      'kreyolcash_contas_saldo_teto',
    );
    await refused(
      sql`update kreyolcash_contas set reservado_centis = ${C + 1} where id = ${ISSUER}`,
      'kreyolcash_contas_reserva_teto',
    );
    await refused(
      sql`insert into kreyolcash_movimentacoes (tipo, status, destinatario_id, conta_debito, conta_credito, quantidade_centis, motivo, ator, concluido_em)
          values ('ajuste', 'concluida', ${person.id}, ${ISSUER}, ${person.id}, ${C + 1}, 'x', 'test', now())`,
      'kreyolcash_mov_quantidade_teto',
    );
    await refused(
      sql`insert into kreyolcash_envios_diarios (usuario_id, dia, enviado_centis) values (${person.id}, current_date, ${C + 1})`,
      'kreyolcash_envios_diarios_teto',
    );
    const movement = await db
      .selectFrom('kreyolcash_movimentacoes')
      .select('id')
      .where('destinatario_id', '=', person.id)
      .executeTakeFirstOrThrow();
    await refused(
      sql`insert into kreyolcash_lancamentos (movimentacao_id, conta_id, valor_centis, saldo_anterior_centis, saldo_posterior_centis)
          values (${movement.id}, ${person.id}, ${C + 1}, 0, ${C + 1})`,
      'kreyolcash_lancamentos_teto',
    );
    const operator = await operatorSession(t, 'finance');
    await refused(
      sql`insert into ajustes_propostos (user_id, quantidade_centis, motivo, referencia, proposto_por)
          values (${person.id}, ${-C - 1}, 'x', 'y', ${operator.operator.id})`,
      'ajustes_propostos_quantidade_teto',
    );
    // Exactly the ceiling is a figure like any other (written, then rolled back).
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update kreyolcash_contas set saldo_centis = ${C} where id = ${person.id}`.execute(trx);
        await sql`update kreyolcash_contas set saldo_centis = ${-C} where id = ${ISSUER}`.execute(trx);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    await expectLedgerSound(db);
  });
});

describe(`migration 0009 and ledger:check on ${testDatabaseKind}`, () => {
  it('adds its checks to a database that holds money, and the audit names a figure beyond the ceiling where they are missing', async () => {
    const database = await openTestDatabase();
    const host = { database, config: { jwtSecret: 'a-secret-for-this-test-only-0123456789' } };
    try {
      const db = database.db;
      // Migrations are written against no schema (the schema is what they make).
      const untyped = db as unknown as Kysely<unknown>;
      await amountCeilings.down(untyped);
      const [a, b] = [await seedUser(host), await seedUser(host, { bonusCentis: 2_500 })];
      expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
      // Money within the ceiling: the checks go on at once.
      await amountCeilings.up(untyped);
      // 0009's own checks (a leg's, migration 0011, and a float proposal's, 0016, stay through
      // 0009's down and up).
      const names = await sql<{ conname: string }>`
        select conname from pg_constraint
         where conname like '%\\_teto' and conrelid not in ('kreyolcash_pernas'::regclass, 'operacoes_float'::regclass)
         order by conname`.execute(db);
      // The holds' table became a view (migration 0028): its check went with it.
      expect(names.rows.map((r) => r.conname)).toHaveLength(10);

      // Without them, a balanced movement past the ceiling: only the ceiling's check complains.
      await amountCeilings.down(untyped);
      const huge = C + 1;
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`
          insert into kreyolcash_movimentacoes (tipo, status, destinatario_id, conta_debito, conta_credito,
                                                quantidade_centis, motivo, ator, concluido_em)
          values ('ajuste', 'concluida', ${a.id}, ${ISSUER}, ${a.id}, ${huge}, 'antes do teto', 'test', now())
          returning id`.execute(trx);
        await sql`select kc_lancar(${rows[0]?.id}::uuid, ${ISSUER}::uuid, ${a.id}::uuid, ${huge}::bigint, false, now())`.execute(
          trx,
        );
      });
      const problems = (await checkLedgerIntegrity(db)).problems;
      expect(new Set(problems.map((p) => p.check))).toEqual(new Set(['figure beyond the ceiling']));
      expect(problems.map((p) => p.subject)).toEqual(
        expect.arrayContaining([a.id, ISSUER, 'every account but the issuer']),
      );
      expect(problems.map((p) => p.subject)).not.toContain(b.id);
      // The checks cannot go on over it: the operator is told which.
      await expect(amountCeilings.up(untyped)).rejects.toThrow(/_teto/);
    } finally {
      await database.close();
    }
  });
});
