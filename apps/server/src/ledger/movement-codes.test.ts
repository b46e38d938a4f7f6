import { randomUUID } from 'node:crypto';
import { MAX_CODE_ATTEMPTS } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as codesOnMovements from '../db/migrations/0026-codes-on-movements.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { latestCodeSentTo, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
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
    await expectLedgerSound(t.database.db);
  });

  it('confirms nothing once the transfer is cancelled, or voided by its last wrong attempt', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const cancelled = await send(a, b, 300);
    expect((await act(a, cancelled, 'cancel')).statusCode).toBe(200);
    expect((await act(a, cancelled, 'verify', await latestCodeSentTo(t, a.telefone))).json().error.code).toBe(
      'transaction_not_pending',
    );

    const guessed = await send(a, b, 400);
    const code = await latestCodeSentTo(t, a.telefone);
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i++) await act(a, guessed, 'verify', wrong(code));
    expect(await codeOf(guessed)).toMatchObject({ attempts: MAX_CODE_ATTEMPTS, rows: 0 });
    expect((await act(a, guessed, 'verify', code)).json().error.code).toBe('transaction_not_pending');
    await expectLedgerSound(t.database.db);
  });

  it('moves between a code row and its movement with the migration, still confirming the transfer', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await send(a, b, 500);
    const code = await latestCodeSentTo(t, a.telefone);
    await act(a, id, 'verify', wrong(code));
    const before = await codeOf(id);

    await codesOnMovements.down(t.database.db as Kysely<unknown>);
    const { rows } = await sql<{ finalidade: string; tentativas: number; hash: string }>`
      select finalidade, tentativas, codigo_hash as hash from codigos_verificacao where sujeito_id = ${id}::uuid`.execute(
      t.database.db,
    );
    expect(rows).toEqual([{ finalidade: 'transfer', tentativas: 1, hash: before?.hash }]);
    await codesOnMovements.up(t.database.db as Kysely<unknown>);
    // As a deployment starts: the ledger's functions are applied after the migrations, fresh.
    await sql`update definicoes_sql set sha256 = 'before the migration'`.execute(t.database.db);
    await applyDefinitions(t.database.db);

    expect(await codeOf(id)).toEqual(before);
    expect((await act(a, id, 'verify', code)).statusCode).toBe(200);
    await expectLedgerSound(t.database.db);
  });
});
