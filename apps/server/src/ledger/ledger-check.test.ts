import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../test-support/ledger-fixtures.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { checkLedgerIntegrity, formatLedgerReport } from './ledger-check.ts';

const ISSUER = '00000000-0000-4000-8000-000000000001';

// ledger:check on a scratch database that a test corrupts on purpose, one way at a time.
describe(`ledger:check on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  const host = () => ({ database, config: { jwtSecret: 'check-secret-that-is-long-enough-0123456789' } });
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs clean on a sound ledger', async () => {
    await seedUser(host());
    const report = await checkLedgerIntegrity(database.db);
    expect(report.problems).toEqual([]);
    expect(report.entries).toBe(2);
    expect(formatLedgerReport(report)).toContain('ledger OK');
  });

  it('names the account whose balance differs from its entries', async () => {
    const victim = await seedUser(host());
    await sql`update kreyolcash_contas set saldo_centis = saldo_centis + 1 where id = ${victim.id}::uuid`.execute(
      database.db,
    );
    const report = await checkLedgerIntegrity(database.db);
    expect(report.problems).toEqual([
      {
        check: 'balance differs from its entries',
        subject: victim.id,
        detail: 'tipo usuario, saldo 10001, entries 10000',
      },
    ]);
    expect(formatLedgerReport(report)).toContain(`balance differs from its entries: ${victim.id}`);
    await sql`update kreyolcash_contas set saldo_centis = saldo_centis - 1 where id = ${victim.id}::uuid`.execute(
      database.db,
    );
  });

  it('names a movement whose payee is not the owner of the account it credits', async () => {
    const [payee, stranger] = [await seedUser(host()), await seedUser(host())];
    const renamePayee = (to: string) =>
      database.db.transaction().execute(async (trx) => {
        await sql`alter table kreyolcash_movimentacoes disable trigger kc_movimentacoes_imutaveis`.execute(
          trx,
        );
        await sql`update kreyolcash_movimentacoes set destinatario_id = ${to}::uuid
                   where conta_credito = ${payee.id}::uuid and tipo = 'cadastro'`.execute(trx);
        await sql`alter table kreyolcash_movimentacoes enable trigger kc_movimentacoes_imutaveis`.execute(
          trx,
        );
      });
    await renamePayee(stranger.id);
    try {
      const { problems } = await checkLedgerIntegrity(database.db);
      expect(problems).toEqual([
        {
          check: "movement does not name its accounts' owners",
          subject: expect.any(String),
          detail: `cadastro: credits ${payee.id}, payee ${stranger.id}`,
        },
      ]);
    } finally {
      await renamePayee(payee.id);
    }
    expect((await checkLedgerIntegrity(database.db)).problems).toEqual([]);
  });

  it('names the payer and day whose running sending total differs from its movements', async () => {
    const victim = await seedUser(host());
    await sql`insert into kreyolcash_envios_diarios (usuario_id, dia, enviado_centis)
              values (${victim.id}::uuid, kc_dia_haiti(now()), 7)`.execute(database.db);
    const { rows } = await sql<{ dia: string }>`select kc_dia_haiti(now())::text as dia`.execute(database.db);
    const report = await checkLedgerIntegrity(database.db);
    expect(report.problems).toEqual([
      {
        check: 'sending total differs from its movements',
        subject: `${victim.id} ${rows[0]?.dia}`,
        detail: 'total 7, movements 0',
      },
    ]);
    await sql`delete from kreyolcash_envios_diarios where usuario_id = ${victim.id}::uuid`.execute(
      database.db,
    );
  });

  it("names the account whose entry does not start from its previous entry's balance", async () => {
    const victim = await seedUser(host());
    // A credit written as if the account had been empty: its 10 000 of bonus are missing from the chain.
    const { rows } = await sql<{ id: string }>`
      insert into kreyolcash_lancamentos (movimentacao_id, conta_id, valor_centis, saldo_anterior_centis, saldo_posterior_centis)
      select movimentacao_id, conta_id, 5, 0, 5 from kreyolcash_lancamentos where conta_id = ${victim.id}::uuid
      returning id::text`.execute(database.db);
    const chain = (await checkLedgerIntegrity(database.db)).problems.filter((p) =>
      p.check.startsWith('entry does not follow'),
    );
    expect(chain).toEqual([
      {
        check: "entry does not follow the account's previous entry",
        subject: victim.id,
        detail: `entry ${rows[0]?.id}: saldo_anterior 0, the previous entry left 10000`,
      },
    ]);
  });

  it('finds a reservation without its hold, and a pending movement the expiry sweeper cannot reach', async () => {
    const [victim, payer] = [await seedUser(host()), await seedUser(host())];
    await sql`update kreyolcash_contas set reservado_centis = 5 where id = ${victim.id}::uuid`.execute(
      database.db,
    );
    // Pending, so holding 5 of an account that reserved nothing, and expiring before the position.
    const { rows } = await sql<{ id: string }>`
      insert into kreyolcash_movimentacoes (tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito, quantidade_centis, expira_em)
      values ('transferencia', 'pendente', ${payer.id}::uuid, null, ${payer.id}::uuid,
              '00000000-0000-4000-8000-000000000003', 5, (select ate - interval '1 day' from vencimentos_posicao))
      returning id::text`.execute(database.db);
    const checks = (await checkLedgerIntegrity(database.db)).problems.map((p) => `${p.check}: ${p.subject}`);
    expect(checks).toEqual(
      expect.arrayContaining([
        `reserved amount differs from its holds: ${victim.id}`,
        `reserved amount differs from its holds: ${payer.id}`,
        `pending movement the expiry sweeper cannot reach: ${rows[0]?.id}`,
      ]),
    );
  });
  // Last: movements are append-only, so what these plant stays in the scratch database.
  it('names a float issued without a recorded deposit, and ₭ given out by the issuer for nothing', async () => {
    const agent = await seedUser(host());
    const { rows: floats } = await sql<{ id: string }>`
      insert into kreyolcash_contas (id, tipo, user_id) values (gen_random_uuid(), 'agente', ${agent.id}::uuid)
      returning id::text`.execute(database.db);
    const float = floats[0]?.id ?? '';
    const planted = async (tipo: string, credito: string, quantidade: number) =>
      database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`
          insert into kreyolcash_movimentacoes (tipo, status, destinatario_id, conta_debito, conta_credito,
                                                quantidade_centis, motivo, ator, concluido_em)
          values (${tipo}, 'concluida', ${agent.id}::uuid, ${ISSUER}::uuid, ${credito}::uuid, ${quantidade}, 'plantado', 'test', now())
          returning id::text`.execute(trx);
        await sql`select kc_lancar(${rows[0]?.id}::uuid, ${ISSUER}::uuid, ${credito}::uuid, ${quantidade}::bigint, false, now())`.execute(
          trx,
        );
        return rows[0]?.id ?? '';
      });
    const checks = async () =>
      (await checkLedgerIntegrity(database.db)).problems.filter(
        (p) => p.check.includes('float') || p.check.startsWith('money in circulation'),
      );

    const emissao = await planted('emissao', float, 50_000);
    // Balanced, and the issuer's balance follows its movements: only the missing deposit shows.
    expect(await checks()).toEqual([
      {
        check: 'float movement without its approved proposal',
        subject: emissao,
        detail: 'emissao of 50000: no recorded deposit or redemption',
      },
      {
        check: 'float issued less redeemed differs from the approved proposals',
        subject: "agents' float",
        detail: 'posted 50000, approved 0',
      },
    ]);

    // A kind that never comes from the issuer: ₭ in circulation that nothing backs.
    await planted('transferencia', agent.id, 700);
    const { rows } = await sql<{ saldo: number }>`
      select -saldo_centis as saldo from kreyolcash_contas where id = ${ISSUER}::uuid`.execute(database.db);
    const circulating = rows[0]?.saldo ?? 0;
    expect((await checks()).find((p) => p.check.startsWith('money in circulation'))).toEqual({
      check: 'money in circulation differs from what backs it',
      subject: ISSUER,
      detail: expect.stringMatching(
        new RegExp(
          `^in circulation ${circulating}, bonuses ${circulating - 50_700}, adjustments 0, float issued less redeemed 50000$`,
        ),
      ),
    });
  });
});
