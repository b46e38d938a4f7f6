import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { checkLedger, codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { ledger } from './ledger.ts';

// Limits by verification level, through the API: each refusal has its key and its
// figures, and changes nothing; parallel transfers never pass a daily limit. Defaults: levels 0
// and 1 send ₭100 per transfer, ₭500 a day, ₭1.000 a month and hold ₭1.000; level 2 ten times that.

type Host = { t: TestApp };
const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });

function client(h: Host) {
  const initiate = (from: SeededUser, to: SeededUser, quantidade_centis: number, key = randomUUID()) =>
    h.t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(from), 'idempotency-key': key },
      payload: { destinatario_email: to.email, quantidade_centis },
    });
  const verify = async (from: SeededUser, movementId: string) =>
    h.t.app.inject({
      method: 'POST',
      url: `/api/transfers/${movementId}/verify`,
      headers: auth(from),
      payload: { codigo: await codeForMovement(h.t, movementId) },
    });
  const wallet = async (u: SeededUser) =>
    (await h.t.app.inject({ url: '/api/wallet', headers: auth(u) })).json();
  const limits = async (u: SeededUser) =>
    (await h.t.app.inject({ url: '/api/me/limits', headers: auth(u) })).json();
  return { initiate, verify, wallet, limits };
}

describe(`limits by verification level on ${testDatabaseKind}`, () => {
  const h = {} as Host;
  const { initiate, verify, wallet, limits } = client(h);
  beforeAll(async () => {
    h.t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
  });
  afterAll(async () => {
    await expectLedgerSound(h.t.database.db);
    await h.t.close();
  });

  /** Runs a refused request and checks it changed no balance, hold or movement. */
  async function refusedWithoutChange(run: () => ReturnType<typeof initiate>) {
    const before = await checkLedger(h.t.database.db);
    const res = await run();
    expect(await checkLedger(h.t.database.db)).toEqual(before);
    return [res.statusCode, res.json().error.code, res.json().error.details];
  }

  it('keeps the spec’s ₭100 per transfer at level 1 (max_amount_error) and ₭1.000 at level 2', async () => {
    const [one, two, payee] = [
      await seedUser(h.t),
      await seedUser(h.t, { documentApproved: true, bonusCentis: 300_000 }),
      await seedUser(h.t),
    ];
    expect(await refusedWithoutChange(() => initiate(one, payee, 10_001))).toEqual([
      422,
      'max_amount_error',
      undefined,
    ]);
    expect(await refusedWithoutChange(() => initiate(two, payee, 100_001))).toEqual([
      422,
      'transfer_limit_exceeded',
      { nivel: 2, limite_centis: 100_000, usado_centis: 0 },
    ]);
    const big = await initiate(two, payee, 25_000);
    expect(big.statusCode).toBe(201);
    expect((await verify(two, big.json().movimentacao_id)).statusCode).toBe(200);
    expect((await wallet(payee)).saldo_centis).toBe(35_000);
  });

  it('refuses what would pass the day’s ₭500, counting pending holds but not voided ones', async () => {
    const payer = await seedUser(h.t, { bonusCentis: 90_000 });
    const payees = [await seedUser(h.t), await seedUser(h.t)];
    const held: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await initiate(payer, payees[i % 2] as SeededUser, 10_000);
      expect(res.statusCode).toBe(201);
      held.push(res.json().movimentacao_id);
    }
    // Two of them posted, three still waiting for their code: all five count.
    for (const id of held.slice(0, 2)) expect((await verify(payer, id)).statusCode).toBe(200);
    const key = randomUUID();
    expect(await refusedWithoutChange(() => initiate(payer, payees[0] as SeededUser, 1, key))).toEqual([
      422,
      'daily_limit_reached',
      { nivel: 1, limite_centis: 50_000, usado_centis: 50_000 },
    ]);
    expect(await limits(payer)).toMatchObject({
      nivel: 1,
      usado_hoje_centis: 50_000,
      usado_mes_centis: 50_000,
    });

    // A cancelled hold gives its room back, and the refused request's key is free to try again.
    const cancelled = await h.t.app.inject({
      method: 'POST',
      url: `/api/transfers/${held[4]}/cancel`,
      headers: auth(payer),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await initiate(payer, payees[0] as SeededUser, 1, key)).statusCode).toBe(201);
    expect((await wallet(payer)).reservado_centis).toBe(20_001);
  });

  it('counts purchases with transfers in the day', async () => {
    const buyer = await seedUser(h.t, { bonusCentis: 60_000 });
    const [seller, payee] = [await seedUser(h.t), await seedUser(h.t)];
    const owner = { ...seller, refreshCookie: '' };
    const company = await createCompanyAs(h.t, owner);
    const first = await createProductAs(h.t, owner, company.id, { preco_centis: 15_000 });
    const second = await createProductAs(h.t, owner, company.id, { preco_centis: 100 });
    const buy = (produto_id: string, quantidade: number) =>
      h.t.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: { ...auth(buyer), 'idempotency-key': randomUUID() },
        payload: { produto_id, quantidade },
      });
    // A purchase has no per-transfer limit (₭450 in one sale), only the day's and month's.
    expect((await buy(first.id, 3)).statusCode).toBe(201);
    expect(await refusedWithoutChange(() => buy(second.id, 51))).toEqual([
      422,
      'daily_limit_reached',
      { nivel: 1, limite_centis: 50_000, usado_centis: 45_000 },
    ]);
    expect((await buy(second.id, 50)).statusCode).toBe(201);
    expect((await refusedWithoutChange(() => initiate(buyer, payee, 1)))[1]).toBe('daily_limit_reached');
  });

  it('refuses a payment that would take the payee past its maximum balance, at the hold and at the post', async () => {
    const [a, b] = [await seedUser(h.t), await seedUser(h.t)];
    const payee = await seedUser(h.t, { bonusCentis: 95_000 });
    expect(await refusedWithoutChange(() => initiate(a, payee, 5_001))).toEqual([
      422,
      'balance_limit_reached',
      { nivel: 1, limite_centis: 100_000, usado_centis: 95_000 },
    ]);
    // Both fit alone at the hold; the second to post would pass ₭1.000: refused, its hold voided.
    const first = (await initiate(a, payee, 4_000)).json().movimentacao_id;
    const second = (await initiate(b, payee, 3_000)).json().movimentacao_id;
    expect((await verify(a, first)).statusCode).toBe(200);
    const refused = await verify(b, second);
    expect([refused.statusCode, refused.json().error.code, refused.json().error.details]).toEqual([
      422,
      'balance_limit_reached',
      { nivel: 1, limite_centis: 100_000, usado_centis: 99_000 },
    ]);
    expect(await wallet(b)).toEqual({ saldo_centis: 10_000, reservado_centis: 0, disponivel_centis: 10_000 });
    expect(await wallet(payee)).toMatchObject({ saldo_centis: 99_000 });
    const status = await h.t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('status')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('cancelada');
  });

  it('does not limit issuance or operator adjustments, and a level-2 payee holds more', async () => {
    const rich = await seedUser(h.t, { bonusCentis: 150_000 });
    const adjusted = await ledger.adjust(h.t.app.deps, {
      userId: rich.id,
      amountCentis: 50_000,
      reason: 'Korije yon erè',
      actor: 'test',
      idempotencyKey: randomUUID(),
    });
    expect(adjusted.ok).toBe(true);
    expect((await wallet(rich)).saldo_centis).toBe(200_000);
    const payer = await seedUser(h.t);
    expect((await initiate(payer, rich, 100)).json().error.code).toBe('balance_limit_reached');
    const approved = await seedUser(h.t, { documentApproved: true, bonusCentis: 150_000 });
    expect((await initiate(payer, approved, 100)).statusCode).toBe(201);
    // The correction undone, so the money in circulation is the money issued again (afterAll).
    const undone = await ledger.adjust(h.t.app.deps, {
      userId: rich.id,
      amountCentis: -50_000,
      reason: 'Anile koreksyon an',
      actor: 'test',
      idempotencyKey: randomUUID(),
    });
    expect(undone.ok).toBe(true);
  });

  it('counts each hold on its Haiti day: a day before today counts for the month, and a void gives back that day', async () => {
    const [payer, payee] = [await seedUser(h.t, { bonusCentis: 20_000 }), await seedUser(h.t)];
    const held = await initiate(payer, payee, 4_000);
    expect(held.statusCode).toBe(201);
    const id = held.json().movimentacao_id as string;
    // The hold as if made a day earlier in Haiti: its movement and its running total move together.
    // (The guard that keeps a movement's time as written is set aside for this one statement.)
    const db = h.t.database.db;
    await sql`alter table kreyolcash_movimentacoes disable trigger kc_movimentacoes_imutaveis`.execute(db);
    let moved: { mesmo_mes: boolean }[];
    try {
      ({ rows: moved } = await sql<{ mesmo_mes: boolean }>`
        with antes as (
          update kreyolcash_movimentacoes set criado_em = criado_em - interval '1 day'
           where id = ${id}::uuid returning remetente_id, kc_dia_haiti(criado_em) as dia)
        update kreyolcash_envios_diarios e set dia = antes.dia from antes
         where e.usuario_id = antes.remetente_id
        returning date_trunc('month', e.dia) = date_trunc('month', kc_dia_haiti(now())) as mesmo_mes`.execute(
        db,
      ));
    } finally {
      await sql`alter table kreyolcash_movimentacoes enable trigger kc_movimentacoes_imutaveis`.execute(db);
    }
    const sameMonth = moved[0]?.mesmo_mes === true;
    expect(await limits(payer)).toMatchObject({
      usado_hoje_centis: 0,
      usado_mes_centis: sameMonth ? 4_000 : 0,
    });
    await expectLedgerSound(h.t.database.db);

    const cancelled = await h.t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/cancel`,
      headers: auth(payer),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await limits(payer)).toMatchObject({ usado_hoje_centis: 0, usado_mes_centis: 0 });
    const totals = await sql<{ enviado_centis: string }>`
      select enviado_centis from kreyolcash_envios_diarios where usuario_id = ${payer.id}::uuid`.execute(
      h.t.database.db,
    );
    expect(totals.rows.map((r) => Number(r.enviado_centis))).toEqual([0]);
    await expectLedgerSound(h.t.database.db);
  });

  it('shows the level, its limits, what is used and the next level on GET /api/me/limits', async () => {
    const user = await seedUser(h.t);
    const payee = await seedUser(h.t);
    expect((await initiate(user, payee, 1_250)).statusCode).toBe(201);
    expect(await limits(user)).toEqual({
      nivel: 1,
      limites: {
        por_transferencia_centis: 10_000,
        diario_centis: 50_000,
        mensal_centis: 100_000,
        saldo_max_centis: 100_000,
      },
      usado_hoje_centis: 1_250,
      usado_mes_centis: 1_250,
      saldo_centis: 10_000,
      congelado: false,
      proximo: {
        por_transferencia_centis: 100_000,
        diario_centis: 500_000,
        mensal_centis: 1_000_000,
        saldo_max_centis: 1_000_000,
      },
      revisao_documento: null,
    });
    const unproven = await seedUser(h.t, { phoneProven: false });
    expect(await limits(unproven)).toMatchObject({ nivel: 0, usado_hoje_centis: 0 });
    expect((await h.t.app.inject({ url: '/api/me/limits' })).statusCode).toBe(401);
  });
});

describe(`a monthly limit set by LEVEL_LIMITS on ${testDatabaseKind}`, () => {
  const h = {} as Host;
  const { initiate, limits } = client(h);
  beforeAll(async () => {
    h.t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10', LEVEL_LIMITS: '{"1":{"mensal_centis":25000}}' });
  });
  afterAll(async () => {
    await expectLedgerSound(h.t.database.db);
    await h.t.close();
  });

  it('refuses what would pass the month with monthly_limit_reached', async () => {
    const [payer, payee] = [await seedUser(h.t, { bonusCentis: 50_000 }), await seedUser(h.t)];
    expect((await initiate(payer, payee, 10_000)).statusCode).toBe(201);
    expect((await initiate(payer, payee, 10_000)).statusCode).toBe(201);
    const before = await checkLedger(h.t.database.db);
    const refused = await initiate(payer, payee, 5_001);
    expect([refused.statusCode, refused.json().error.code, refused.json().error.details]).toEqual([
      422,
      'monthly_limit_reached',
      { nivel: 1, limite_centis: 25_000, usado_centis: 20_000 },
    ]);
    expect(await checkLedger(h.t.database.db)).toEqual(before);
    expect((await limits(payer)).limites.mensal_centis).toBe(25_000);
  });
});

describe(`parallel transfers from one payer on ${testDatabaseKind}`, () => {
  const h = {} as Host;
  const { initiate, verify, limits } = client(h);
  beforeAll(async () => {
    h.t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await h.t.close();
  });

  it('never pass the daily limit, whatever arrives together', async () => {
    const payer = await seedUser(h.t, { bonusCentis: 100_000 });
    const payees: SeededUser[] = [];
    for (let i = 0; i < 4; i++) payees.push(await seedUser(h.t));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => initiate(payer, payees[i % 4] as SeededUser, 4_000)),
    );
    const codes = answers.map((r) => (r.statusCode === 201 ? 'held' : r.json().error.code));
    // ₭500 a day at ₭40 each: 12 fit (₭480); the 13th would make ₭520.
    expect(codes.filter((c) => c === 'held')).toHaveLength(12);
    expect(codes.filter((c) => c === 'daily_limit_reached')).toHaveLength(12);
    const held = answers.filter((r) => r.statusCode === 201).map((r) => r.json().movimentacao_id as string);
    await Promise.all(held.slice(0, 6).map((id) => verify(payer, id)));
    expect(await limits(payer)).toMatchObject({ usado_hoje_centis: 48_000 });
    await expectLedgerSound(h.t.database.db);
  });
});
