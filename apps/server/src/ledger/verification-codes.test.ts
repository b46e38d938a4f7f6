import { createHash, randomUUID } from 'node:crypto';
import { MAX_CODE_ATTEMPTS, PHONE_CODE_EXPIRY_MS } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { codeIn, MESSAGE_CONTENT } from '../test-support/outbox-messages.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { callLedger } from './ledger-call.ts';
import { CODE_WINDOW_MS, codePepper } from './policy.ts';
import { findCode, issueCode, verifyCode } from './verification-codes.ts';

// Codes whose subject is not a movement (kc_codigo_emitir, kc_codigo_verificar): the phone
// change's two steps, with codes of our choosing so the binding is tested without luck.
describe(`codes without a movement on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  const config = {
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    rateLimitMultiplier: 1,
  };
  const pepper = codePepper(config.jwtSecret);
  let user: SeededUser;
  beforeAll(async () => {
    database = await openTestDatabase();
    user = await seedUser({ database, config });
  });
  afterAll(async () => {
    await database.close();
  });

  const CURRENT = '+50937000001';
  const NEW = '+50937000002';
  const emit = (p: {
    sujeito_id: string;
    finalidade: string;
    telefone: string;
    codigo: string;
    max_codigos?: number;
  }) =>
    callLedger(database.db, 'kc_codigo_emitir', 'issueCode', {
      user_id: user.id,
      vinculo: p.telefone,
      pepper,
      validade_ms: PHONE_CODE_EXPIRY_MS,
      max_codigos: 0,
      janela_ms: CODE_WINDOW_MS,
      ...p,
    });
  const check = (p: { sujeito_id: string; finalidade: string; codigo: string; vinculo?: string }) =>
    callLedger(database.db, 'kc_codigo_verificar', 'verifyCode', {
      pepper,
      max_tentativas: MAX_CODE_ATTEMPTS,
      ...p,
    });
  const row = (sujeito_id: string, finalidade: 'phone_change_current' | 'phone_change_new') =>
    database.db
      .selectFrom('codigos_verificacao')
      .selectAll()
      .where('sujeito_id', '=', sujeito_id)
      .where('finalidade', '=', finalidade)
      .executeTakeFirstOrThrow();

  it('stores a keyed hash bound to the phone, never the code, and spends a right code once', async () => {
    const id = randomUUID();
    const issued = await issueCode(database.db, config, {
      subjectId: id,
      purpose: 'phone_change_current',
      userId: user.id,
      phone: CURRENT,
      validityMs: PHONE_CODE_EXPIRY_MS,
      message: {
        template: 'phone_change_code',
        purpose: 'phone_change_current',
        language: 'fr',
        params: { etapa: 'atual', validade_min: 10 },
      },
    });
    if (!issued.ok) throw new Error(issued.error);
    // The code goes out in the same call, to the phone, as its message's parameter.
    const message = await database.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'purpose', 'referencia', 'status', ...MESSAGE_CONTENT])
      .where('referencia', '=', id)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      recipient: CURRENT,
      purpose: 'phone_change_current',
      status: 'pending',
      template: 'phone_change_code',
      idioma: 'fr',
      params: { etapa: 'atual', validade_min: 10, codigo: expect.stringMatching(/^\d{6}$/) },
    });
    const code = codeIn(message);
    const stored = await row(id, 'phone_change_current');
    expect(stored).toMatchObject({ user_id: user.id, telefone: CURRENT, tentativas: 0, usado_em: null });
    expect(stored.codigo_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(stored)).not.toContain(code);
    expect(stored.codigo_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(stored.expira_em.getTime()).toBe(issued.expiresAt.getTime());
    expect(await findCode(database.db, { subjectId: id, purpose: 'phone_change_current' })).toMatchObject({
      expired: false,
      attemptsLeft: MAX_CODE_ATTEMPTS,
    });

    const right = {
      subjectId: id,
      purpose: 'phone_change_current',
      phone: CURRENT,
      code,
    } as const;
    expect(await verifyCode(database.db, config, { ...right, phone: NEW })).toEqual({
      ok: false,
      error: 'invalid_codes',
      tentativas_restantes: 2,
    });
    expect(await verifyCode(database.db, config, right)).toEqual({ ok: true });
    expect((await row(id, 'phone_change_current')).usado_em).not.toBeNull();
    expect(await verifyCode(database.db, config, right)).toEqual({
      ok: false,
      error: 'phone_change_not_pending',
    });
  });

  it("never confirms the new number's step with the current number's code", async () => {
    const id = randomUUID();
    await emit({ sujeito_id: id, finalidade: 'phone_change_current', telefone: CURRENT, codigo: '111111' });
    await emit({ sujeito_id: id, finalidade: 'phone_change_new', telefone: NEW, codigo: '222222' });
    expect(await check({ sujeito_id: id, finalidade: 'phone_change_new', codigo: '111111' })).toEqual({
      ok: false,
      error: 'invalid_codes',
      tentativas_restantes: 2,
    });
    expect((await row(id, 'phone_change_new')).tentativas).toBe(1);
    // The same code sent to both numbers still answers only for the number it was sent to.
    const same = randomUUID();
    await emit({ sujeito_id: same, finalidade: 'phone_change_new', telefone: NEW, codigo: '333333' });
    expect(
      await check({ sujeito_id: same, finalidade: 'phone_change_new', codigo: '333333', vinculo: CURRENT }),
    ).toMatchObject({ ok: false, error: 'invalid_codes' });
    expect(await check({ sujeito_id: same, finalidade: 'phone_change_new', codigo: '333333' })).toEqual({
      ok: true,
    });
  });

  it('counts wrong codes on the row and refuses every code after the last attempt', async () => {
    const id = randomUUID();
    await emit({ sujeito_id: id, finalidade: 'phone_change_current', telefone: CURRENT, codigo: '123456' });
    const wrong = { sujeito_id: id, finalidade: 'phone_change_current', codigo: '654321' };
    expect(await check(wrong)).toMatchObject({ error: 'invalid_codes', tentativas_restantes: 2 });
    expect(await check(wrong)).toMatchObject({ error: 'invalid_codes', tentativas_restantes: 1 });
    expect(await check(wrong)).toEqual({
      ok: false,
      error: 'code_attempts_exceeded',
      tentativas_restantes: 0,
    });
    expect(await check({ ...wrong, codigo: '123456' })).toMatchObject({ error: 'code_attempts_exceeded' });
    expect((await row(id, 'phone_change_current')).tentativas).toBe(3);
  });

  it('refuses an expired code, and a step without a code', async () => {
    const id = randomUUID();
    await emit({ sujeito_id: id, finalidade: 'phone_change_current', telefone: CURRENT, codigo: '123456' });
    await sql`update codigos_verificacao set expira_em = now() - interval '1 second' where sujeito_id = ${id}`.execute(
      database.db,
    );
    expect(await findCode(database.db, { subjectId: id, purpose: 'phone_change_current' })).toMatchObject({
      expired: true,
    });
    expect(await check({ sujeito_id: id, finalidade: 'phone_change_current', codigo: '123456' })).toEqual({
      ok: false,
      error: 'code_expired',
    });
    expect(await check({ sujeito_id: id, finalidade: 'phone_change_new', codigo: '123456' })).toEqual({
      ok: false,
      error: 'phone_change_not_pending',
    });
  });

  it("limits the codes a user is sent within the window, movements' and these alike", async () => {
    const other = await seedUser({ database, config });
    const limited = (codigo: string) =>
      callLedger(database.db, 'kc_codigo_emitir', 'issueCode', {
        sujeito_id: randomUUID(),
        finalidade: 'phone_change_current',
        user_id: other.id,
        telefone: CURRENT,
        vinculo: CURRENT,
        codigo,
        pepper,
        validade_ms: PHONE_CODE_EXPIRY_MS,
        max_codigos: 2,
        janela_ms: CODE_WINDOW_MS,
      });
    expect((await limited('100001')).ok).toBe(true);
    expect((await limited('100002')).ok).toBe(true);
    expect(await limited('100003')).toEqual({ ok: false, error: 'rate_limited' });
  });

  it("refuses to issue or spend a movement's code: those live and die with their hold", async () => {
    const id = randomUUID();
    await expect(
      emit({ sujeito_id: id, finalidade: 'transfer', telefone: CURRENT, codigo: '123456' }),
    ).rejects.toThrow(/not a code without a movement/);
    await expect(check({ sujeito_id: id, finalidade: 'purchase', codigo: '123456' })).rejects.toThrow(
      /not a code without a movement/,
    );
  });
});
