import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../src/test-support/ledger-fixtures.ts';
import { codeIn, MESSAGE_CONTENT } from '../src/test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../src/test-support/test-app.ts';
import { printFigures } from './harness/figures.ts';

// T4 — verification codes (OWASP ASVS 6.5): three tries per code, counted even under a flood of
// parallel guesses, one effect, expiry, binding to what the code authorises, and send limits.
describe('T4 codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).mismatchedUsers).toBe(0);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const send = async (a: SeededUser, b: SeededUser, centis = 100) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(a), 'idempotency-key': randomUUID() },
      payload: { destinatario_email: b.email, quantidade_centis: centis },
    });
    const id = res.json().movimentacao_id as string;
    return { id, code: await codeForMovement(t, id) };
  };
  const verify = (u: SeededUser, id: string, codigo: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/verify`,
      headers: auth(u),
      payload: { codigo },
    });
  const wrong = (code: string) => (code === '999999' ? '888888' : '999999');
  const figures: Record<string, unknown> = {};

  it('refuses the right code at the 4th try, and a resend keeps the failure count', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const first = await send(a, b);
    await verify(a, first.id, wrong(first.code));
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${first.id}/resend-code`,
      headers: auth(a),
    });
    expect(resent.json()).toEqual({ tentativas_restantes: 2 });
    const code = codeIn(
      await t.database.db
        .selectFrom('outbox_messages')
        .select(MESSAGE_CONTENT)
        .where('referencia', '=', first.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(
      (await verify(a, first.id, first.code === code ? wrong(code) : first.code)).json().error.details,
    ).toEqual({ tentativas_restantes: 1 });
    expect((await verify(a, first.id, wrong(code))).json().error.code).toBe('code_attempts_exceeded');
    const fourth = await verify(a, first.id, code);
    figures['4th try with the right code'] = fourth.json().error.code;
    expect(fourth.json().error.code).toBe('transaction_not_pending');
  });

  it('evaluates at most 3 of 50 parallel wrong guesses, and makes 1 effect of 20 right ones', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const guessed = await send(a, b);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        verify(a, guessed.id, String(100000 + i) === guessed.code ? '999998' : String(100000 + i)),
      ),
    );
    const evaluated = guesses.filter((r) =>
      ['invalid_codes', 'code_attempts_exceeded'].includes(r.json().error?.code),
    ).length;
    // A transfer's code is kept on its movement (codes.sql), its wrong attempts with it.
    const { codigo_tentativas: tentativas } = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('codigo_tentativas')
      .where('id', '=', guessed.id)
      .executeTakeFirstOrThrow();
    figures['wrong guesses evaluated of 50'] = evaluated;
    expect(evaluated).toBeLessThanOrEqual(3);
    expect(tentativas).toBe(3);

    const right = await send(a, b, 700);
    const results = await Promise.all(Array.from({ length: 20 }, () => verify(a, right.id, right.code)));
    figures['effects of 20 right submissions'] = results.filter((r) => r.statusCode === 200).length;
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('refuses an expired code (clock moved past the expiry)', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const late = await send(a, b);
    await sql`update kreyolcash_movimentacoes set expira_em = now() - interval '1 ms' where id = ${late.id}::uuid`.execute(
      t.database.db,
    );
    figures['expired code'] = (await verify(a, late.id, late.code)).json().error.code;
    expect(figures['expired code']).toBe('code_expired');
  });

  it('binds a code to its movement, amount, payee, purpose and user', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const one = await send(a, b);
    const other = await send(a, b);
    const codeOfOther = other.code === one.code ? wrong(one.code) : other.code;
    figures['code of another movement'] = (await verify(a, one.id, codeOfOther)).json().error.code;
    // Tampering with what the code authorises, straight in the database: the ledger's guard
    // refuses it; and past the guard (its trigger off for one transaction, as only the schema's
    // owner can), the code no longer matches what it was bound to.
    await expect(
      sql`update kreyolcash_movimentacoes set quantidade_centis = 101 where id = ${other.id}::uuid`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/append-only/);
    const pastTheGuard = (change: ReturnType<typeof sql>) =>
      t.database.db.transaction().execute(async (trx) => {
        await sql`alter table kreyolcash_movimentacoes disable trigger kc_movimentacoes_imutaveis`.execute(
          trx,
        );
        await change.execute(trx);
        await sql`alter table kreyolcash_movimentacoes enable trigger kc_movimentacoes_imutaveis`.execute(
          trx,
        );
      });
    await pastTheGuard(
      sql`update kreyolcash_movimentacoes set quantidade_centis = 101 where id = ${other.id}::uuid`,
    );
    figures['after the amount changed'] = (await verify(a, other.id, other.code)).json().error.code;
    await pastTheGuard(
      sql`update kreyolcash_movimentacoes set quantidade_centis = 100, destinatario_id = ${c.id}::uuid where id = ${other.id}::uuid`,
    );
    figures['after the payee changed'] = (await verify(a, other.id, other.code)).json().error.code;
    const purchase = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${one.id}/verify`,
      headers: auth(a),
      payload: { codigo: one.code },
    });
    figures['transfer code on a purchase'] = purchase.json().error?.code;
    figures['by another user'] = (await verify(c, one.id, one.code)).json().error.code;
    expect(figures['code of another movement']).toBe('invalid_codes');
    expect(figures['after the amount changed']).toBe('invalid_codes');
    expect(figures['after the payee changed']).toBe('invalid_codes');
    expect(figures['transfer code on a purchase']).toBe('sale_not_found');
    expect(figures['by another user']).toBe('transaction_not_found');
    // Put the tampered movement back as it was so the ledger still adds up.
    await pastTheGuard(
      sql`update kreyolcash_movimentacoes set destinatario_id = ${b.id}::uuid where id = ${other.id}::uuid`,
    );
  });

  it('limits the codes sent per user and per phone', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers: { ...auth(a), 'idempotency-key': randomUUID() },
        payload: { destinatario_email: b.email, quantidade_centis: 10 },
      });
      statuses.push(res.statusCode);
    }
    const pending = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('id')
      .where('remetente_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${pending.id}/resend-code`,
      headers: auth(a),
    });
    figures['new transfers allowed of 12'] = statuses.filter((s) => s === 201).length;
    figures['resend past the phone limit'] = resend.json().error?.code;
    printFigures('T4 codes', figures);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(resend.json().error.code).toBe('rate_limited');
  });
});
