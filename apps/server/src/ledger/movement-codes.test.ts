import { randomUUID } from 'node:crypto';
import { MAX_CODE_ATTEMPTS } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as codesOnMovements from '../db/migrations/0026-codes-on-movements.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import {
  latestCodeSentTo,
  movementStatus,
  type SeededUser,
  seedUser,
} from '../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { applyDefinitions } from './definitions.ts';

// A transfer's code lives on its movement (codes.sql, migration 0026): its hash and wrong attempts,
// and no row of codigos_verificacao. It confirms nothing once the movement has ended.
describe(`a movement's own code on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const send = async (from: SeededUser, to: SeededUser, quantidade_centis: number): Promise<string> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(from), 'idempotency-key': randomUUID() },
      payload: { destinatario_email: to.email, quantidade_centis },
    });
    expect(res.statusCode).toBe(201);
    return res.json().movimentacao_id;
  };
  const act = (u: SeededUser, id: string, step: 'verify' | 'resend-code' | 'cancel', codigo?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/${step}`,
      headers: auth(u),
      ...(codigo ? { payload: { codigo } } : {}),
    });
  const codeOf = async (id: string) => {
    const { rows } = await sql<{ hash: string | null; attempts: number; rows: number }>`
      select m.codigo_hash as hash, m.codigo_tentativas as attempts,
             (select count(*)::int from codigos_verificacao c where c.sujeito_id = m.id) as rows
        from kreyolcash_movimentacoes m where m.id = ${id}::uuid`.execute(t.database.db);
    return rows[0];
  };
  const wrong = (code: string) => (code === '999999' ? '100000' : '999999');
  const statusOf = (id: string) => movementStatus(t.database.db, id);
  const wallet = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/wallet', headers: auth(u) })).json();

  it('is held on the movement, counts a wrong attempt there, survives a resend and is spent by the post', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await send(a, b, 700);
    const first = await latestCodeSentTo(t, a.telefone);
    const held = await codeOf(id);
    expect(held).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), attempts: 0, rows: 0 });

    const refused = await act(a, id, 'verify', wrong(first));
    expect(refused.json().error).toMatchObject({ code: 'invalid_codes' });
    expect(await codeOf(id)).toEqual({ ...held, attempts: 1 });

    const resent = await act(a, id, 'resend-code');
    expect(resent.statusCode).toBe(202);
    expect(resent.json().tentativas_restantes).toBe(MAX_CODE_ATTEMPTS - 1);
    const second = await latestCodeSentTo(t, a.telefone);
    const replaced = await codeOf(id);
    expect(replaced?.attempts).toBe(1);
    expect(replaced?.hash).not.toBe(held?.hash);
    if (second !== first) expect((await act(a, id, 'verify', first)).json().error.code).toBe('invalid_codes');

    expect((await act(a, id, 'verify', second)).statusCode).toBe(200);
    expect(await codeOf(id)).toEqual({ ...replaced, attempts: second !== first ? 2 : 1 });
    expect((await act(a, id, 'verify', second)).json().error.code).toBe('transaction_not_pending');
    // An ended movement's code stays as it was spent (guards.sql).
    await expect(
      sql`update kreyolcash_movimentacoes set codigo_tentativas = 0 where id = ${id}::uuid`.execute(
        t.database.db,
      ),
    ).rejects.toThrow();
    await expectLedgerSound(t.database.db);
  });

  it('confirms nothing once the transfer is cancelled, or voided by its last wrong attempt', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const cancelled = await send(a, b, 300);
    const cancelledCode = await latestCodeSentTo(t, a.telefone);
    expect((await act(a, cancelled, 'cancel')).statusCode).toBe(200);
    expect((await act(a, cancelled, 'verify', cancelledCode)).json().error.code).toBe(
      'transaction_not_pending',
    );

    const guessed = await send(a, b, 400);
    const code = await latestCodeSentTo(t, a.telefone);
    const answers = [];
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i++)
      answers.push((await act(a, guessed, 'verify', wrong(code))).json().error);
    expect(answers.at(-1)).toMatchObject({
      code: 'code_attempts_exceeded',
      details: { tentativas_restantes: 0 },
    });
    expect(await codeOf(guessed)).toMatchObject({ attempts: MAX_CODE_ATTEMPTS, rows: 0 });
    expect(await statusOf(guessed)).toBe('cancelada');
    expect((await act(a, guessed, 'verify', code)).json().error.code).toBe('transaction_not_pending');
    expect(await wallet(a)).toMatchObject({ reservado_centis: 0 });
    await expectLedgerSound(t.database.db);
  });

  it('is never confirmed as a party would confirm a hold, with no party named', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await send(a, b, 600);
    const { rows } = await sql<{ r: unknown }>`select kc_confirmar(${JSON.stringify({
      movimentacao_id: id,
      confirmador_id: null,
      limites: t.config.levelLimits,
    })}::jsonb) as r`.execute(t.database.db);
    expect(rows[0]?.r).toEqual({ ok: false, error: 'not_confirming_party' });
    expect(await statusOf(id)).toBe('pendente');
  });

  it('moves between code rows and movements with the migration and the definitions, transfers and purchases', async () => {
    const [a, b, seller] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const owner = { ...seller, refreshCookie: '' };
    const company = await createCompanyAs(t, owner);
    const product = await createProductAs(t, owner, company.id, { preco_centis: 250 });
    const id = await send(a, b, 500);
    const code = await latestCodeSentTo(t, a.telefone);
    await act(a, id, 'verify', wrong(code));
    const late = await send(b, a, 800);
    const lateCode = await latestCodeSentTo(t, b.telefone);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { ...auth(a), 'idempotency-key': randomUUID() },
      payload: { produto_id: product.id, quantidade: 2 },
    });
    expect(bought.statusCode).toBe(201);
    const { venda_id } = bought.json() as { venda_id: string };
    const sale = await t.database.db
      .selectFrom('vendas')
      .select(['id as venda_id', 'movimentacao_id'])
      .where('id', '=', venda_id)
      .executeTakeFirstOrThrow()
      .then((v) => ({ venda_id: v.venda_id, movimentacao_id: String(v.movimentacao_id) }));
    const saleCode = await latestCodeSentTo(t, a.telefone);
    const before = await Promise.all([id, late, sale.movimentacao_id].map(codeOf));

    await codesOnMovements.down(t.database.db as Kysely<unknown>);
    const { rows } = await sql<{ sujeito: string; finalidade: string; tentativas: number; hash: string }>`
      select sujeito_id as sujeito, finalidade, tentativas, codigo_hash as hash from codigos_verificacao
       where sujeito_id in (${id}::uuid, ${late}::uuid, ${sale.movimentacao_id}::uuid) order by tentativas desc, finalidade`.execute(
      t.database.db,
    );
    expect(rows).toEqual([
      { sujeito: id, finalidade: 'transfer', tentativas: 1, hash: before[0]?.hash },
      { sujeito: sale.movimentacao_id, finalidade: 'purchase', tentativas: 0, hash: before[2]?.hash },
      { sujeito: late, finalidade: 'transfer', tentativas: 0, hash: before[1]?.hash },
    ]);
    await codesOnMovements.up(t.database.db as Kysely<unknown>);
    // Between the migration and the new functions, every code is still a row (as those of holds
    // made meanwhile by the release before); the functions' transaction moves them.
    expect(await Promise.all([id, late, sale.movimentacao_id].map(codeOf))).toEqual(
      before.map(() => ({ hash: null, attempts: 0, rows: 1 })),
    );
    // As a deployment starts: the ledger's functions are applied after the migrations, fresh.
    await sql`update definicoes_sql set sha256 = 'before the migration'`.execute(t.database.db);
    await applyDefinitions(t.database.db);

    expect(await Promise.all([id, late, sale.movimentacao_id].map(codeOf))).toEqual(before);
    expect((await act(a, id, 'verify', code)).statusCode).toBe(200);
    expect((await act(b, late, 'verify', lateCode)).statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${sale.venda_id}/verify`,
      headers: auth(a),
      payload: { codigo: saleCode },
    });
    expect(paid.statusCode).toBe(200);
    await expectLedgerSound(t.database.db);
  });
});
