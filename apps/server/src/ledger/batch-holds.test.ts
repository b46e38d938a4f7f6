import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.ts';
import {
  appWithFeeBands,
  testFeeOf as feeOf,
  recordingCalls,
  verificationParams,
} from '../test-support/batch-fixtures.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { seededRandom } from '../test-support/seeded-random.ts';
import type { TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { callRaw } from './ledger-call.ts';
import { CODE_WINDOW_MS, codePepper, policyParams, TRANSFER_HOLD_POLICY } from './policy.ts';

// A batch of initiations holds each payer's items, up to the first that is not new or would not be
// held in its turn, as sets (kc_transferencias_reter_juntas), and leaves the rest to the one-by-one
// path. What it leaves must
// be what holding them one by one leaves: the same answers, holds, movements, legs, day's totals,
// codes, code messages and Idempotency-Keys.

type Item = Record<string, unknown> & { pagador_id: string; chave: string | null };
type Answer = Record<string, unknown>;
type Payee = { id: string } | { email: string } | { telefone: string };

/** An initiation's parameters, as the ledger's hold passes them (operations.ts). */
function initiation(
  t: TestApp,
  payer: SeededUser,
  payee: Payee,
  amount: number,
  options: { fee?: number; key?: string | null; note?: string; code?: string; maxCodes?: number } = {},
): Item {
  return {
    pagador_id: payer.id,
    destinatario: payee,
    quantidade_centis: amount,
    tarifa_centis: options.fee ?? feeOf(amount),
    observacoes: options.note ?? null,
    politica: policyParams(TRANSFER_HOLD_POLICY),
    limites: t.config.levelLimits,
    codigo: options.code ?? '123456',
    pepper: codePepper(t.config.jwtSecret),
    chave: options.key === undefined ? `k-${amount}-${options.note ?? ''}` : options.key,
    request_hash: `${amount}/${Object.keys(payee).join()}/${options.note ?? ''}`,
    max_codigos: options.maxCodes ?? 10,
    janela_ms: CODE_WINDOW_MS,
  };
}

const initiateBatch = async (db: Kysely<DB>, items: Item[]) =>
  (await callRaw(db, 'kc_transferencias_iniciar', { itens: items })) as Answer[];

/** Each item alone, in the order the batch promises: ascending payer, then the batch's order. */
async function initiateOneByOne(db: Kysely<DB>, items: Item[]) {
  const answers: Answer[] = new Array(items.length);
  const order = items
    .map((item, n) => ({ item, n }))
    .sort((a, b) =>
      a.item.pagador_id < b.item.pagador_id ? -1 : a.item.pagador_id > b.item.pagador_id ? 1 : a.n - b.n,
    );
  for (const { item, n } of order)
    answers[n] = (await callRaw(db, 'kc_transferencia_iniciar', item)) as Answer;
  return answers;
}

describe(`a batch of initiations held as sets on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithFeeBands();
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });
  const db = () => t.database.db;

  /**
   * The same initiations from a fresh group of people each time: plain ones by id, e-mail and
   * phone, with and without a fee or a key; a payer's second and third; and every refusal a hold
   * can meet, each the payer's first, so that it comes before the payer's next item.
   */
  async function scenario(initiate: (db: Kysely<DB>, items: Item[]) => Promise<Answer[]>) {
    const p: SeededUser[] = [];
    for (let i = 0; i < 14; i++) p.push(await seedUser(t, { bonusCentis: 30_000 }));
    const poor = await seedUser(t, { bonusCentis: 500 });
    const unproven = await seedUser(t, { phoneProven: false });
    const frozen = await seedUser(t);
    const full = await seedUser(t, { bonusCentis: 99_000 });
    const rich = await seedUser(t, { bonusCentis: 60_000 });
    await db()
      .updateTable('usuarios')
      .set({ congelado_em: new Date(), congelado_por: 'usuario' })
      .where('id', '=', frozen.id)
      .execute();
    const people = [...p, poor, unproven, frozen, full, rich];
    const person = (i: number) => p[i] as SeededUser;
    // A key used before the batch, with the same request (a replay) and with another (refused).
    const earlier = await callRaw(
      db(),
      'kc_transferencia_iniciar',
      initiation(t, person(10), { id: person(0).id }, 400, { key: 'again' }),
    );
    const other = await callRaw(
      db(),
      'kc_transferencia_iniciar',
      initiation(t, person(11), { id: person(0).id }, 400, { key: 'other' }),
    );
    // A payer who has sent today already: the batch adds to the day's total it finds.
    await callRaw(
      db(),
      'kc_transferencia_iniciar',
      initiation(t, person(2), { id: person(3).id }, 250, { key: null }),
    );
    const items: Item[] = [
      initiation(t, person(0), { id: person(1).id }, 500, { note: 'lajan' }),
      initiation(t, person(1), { email: person(2).email }, 2_000),
      initiation(t, person(2), { telefone: person(0).telefone }, 800, { key: null }),
      initiation(t, person(0), { id: person(3).id }, 300),
      initiation(t, person(3), { id: person(3).id }, 300),
      initiation(t, person(4), { email: 'nobody@example.ht' }, 300),
      initiation(t, person(5), { id: person(1).id }, 1_500, { fee: 0 }),
      initiation(t, person(6), { id: person(2).id }, 20_000),
      initiation(t, poor, { id: person(1).id }, 1_000),
      initiation(t, frozen, { id: person(1).id }, 100),
      initiation(t, unproven, { id: person(1).id }, 100),
      initiation(t, person(4), { id: person(5).id }, 300, { note: 'dezyèm' }),
      initiation(t, person(1), { email: person(2).email }, 2_000),
      initiation(t, person(10), { id: person(0).id }, 400, { key: 'again' }),
      initiation(t, person(11), { id: person(0).id }, 700, { key: 'other' }),
      initiation(t, person(12), { id: person(0).id }, 0),
      initiation(t, person(13), { id: full.id }, 2_000),
      initiation(t, person(7), { id: person(8).id }, 9_000, { key: null }),
      initiation(t, person(0), { id: person(9).id }, 1_200, { key: null, note: 'twazyèm' }),
      initiation(t, person(8), { id: person(7).id }, 3_000, { key: 'k-same' }),
      initiation(t, person(8), { id: person(7).id }, 3_000, { key: 'k-same' }),
      // One payer's items add up: the fourth passes the balance, the third the code budget.
      ...[10, 11, 12, 13].map((i) => initiation(t, person(9), { id: person(i).id }, 9_000, { key: null })),
      ...[1, 2, 3].map((i) =>
        initiation(t, person(7), { id: person(i).id }, 100, { key: null, maxCodes: 3 }),
      ),
      initiation(t, person(12), { id: person(1).id }, 100),
      // Level 1 sends ₭500 a day: the sixth passes it.
      ...[0, 1, 2, 3, 4, 5].map((i) => initiation(t, rich, { id: person(i).id }, 9_000, { key: null })),
    ];
    const answers = await initiate(db(), items);
    const movements = (
      await db()
        .selectFrom('kreyolcash_movimentacoes')
        .selectAll()
        .where(
          'remetente_id',
          'in',
          people.map((u) => u.id),
        )
        .orderBy('criado_em')
        .orderBy('quantidade_centis')
        .execute()
    ).map((m) => m.id);
    const ids = [earlier, other].map((a) => String((a as Answer).movimentacao_id));
    for (const a of answers)
      if (typeof a.movimentacao_id === 'string' && !ids.includes(a.movimentacao_id))
        ids.push(a.movimentacao_id);
    const who = (id: string | null) => {
      const i = people.findIndex((u) => u.id === id);
      return i >= 0 ? `person ${i}` : id === null ? null : 'fees';
    };
    const named = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value)
          .replaceAll(/"([0-9a-f-]{36})"/g, (_, id: string) =>
            ids.includes(id) ? `"movement ${ids.indexOf(id)}"` : `"${who(id)}"`,
          )
          .replaceAll(
            /"(Jean Pierre \d+)"/g,
            (_, nome: string) => `"name of ${who(people.find((u) => u.nome === nome)?.id ?? null)}"`,
          ),
      );
    const expiries = answers.filter((a) => a.ok).map((a) => a.expira_em);
    return {
      answers: answers.map(({ expira_em: _, ...a }) => named(a)),
      expiries: expiries.every((e) => typeof e === 'string'),
      movements: movements.length,
      rows: named(
        (
          await sql<{ id: string }>`
          select m.id, m.tipo, m.status, m.remetente_id, m.destinatario_id, m.conta_debito, m.conta_credito,
                 m.quantidade_centis, m.observacoes, m.confirmador_id, m.nos_limites, m.posta_ao_expirar,
                 -- In whole minutes: a hold's expiry counts from when it is written (kc_vencimento), a
                 -- moment after its transaction's start, which criado_em records.
                 floor(extract(epoch from m.expira_em - m.criado_em) / 60) as validade_min,
                 (select jsonb_agg(jsonb_build_array(pe.numero, pe.conta_debito, pe.conta_credito, pe.quantidade_centis)
                                   order by pe.numero)
                    from kreyolcash_pernas pe where pe.movimentacao_id = m.id) as pernas,
                 (select jsonb_build_array(r.conta_id, r.quantidade_centis) from kreyolcash_retencoes r
                   where r.movimentacao_id = m.id) as retencao,
                 jsonb_build_array(m.codigo_hash is not null, m.codigo_tentativas,
                                   (select count(*) from codigos_verificacao c where c.sujeito_id = m.id)) as codigo,
                 (select jsonb_agg(jsonb_build_array(o.recipient = u.telefone, o.template, o.params, o.idioma, o.purpose))
                    from outbox_messages o where o.referencia = m.id::text) as mensagens
            from kreyolcash_movimentacoes m join usuarios u on u.id = m.remetente_id
           where m.id in (${sql.join(ids)})`.execute(db())
        ).rows.sort((a, b) => ids.indexOf(String(a.id)) - ids.indexOf(String(b.id))),
      ),
      accounts: await Promise.all(
        people.map((u) =>
          db()
            .selectFrom('kreyolcash_contas')
            .select(['saldo_centis', 'reservado_centis'])
            .where('id', '=', u.id)
            .executeTakeFirstOrThrow(),
        ),
      ),
      sent: await Promise.all(
        people.map(async (u) =>
          Number(
            (
              await db()
                .selectFrom('kreyolcash_envios_diarios')
                .select((eb) => eb.fn.sum<string>('enviado_centis').as('total'))
                .where('usuario_id', '=', u.id)
                .executeTakeFirst()
            )?.total ?? 0,
          ),
        ),
      ),
      keys: named(
        await db()
          .selectFrom('idempotency_keys')
          .select(['user_id', 'chave', 'request_hash', 'resposta'])
          .where(
            'user_id',
            'in',
            people.map((u) => u.id),
          )
          .execute(),
      )
        .map(({ resposta, ...k }: { resposta: Answer }) => ({
          ...k,
          resposta: { ...resposta, expira_em: 'set' },
        }))
        .sort((a: { user_id: string; chave: string }, b: { user_id: string; chave: string }) =>
          `${a.user_id}/${a.chave}` < `${b.user_id}/${b.chave}` ? -1 : 1,
        ),
      // Every code held is the one its message carries: each right code posts its transfer.
      verified: await Promise.all(
        ids.map(async (id) => {
          const payer = await db()
            .selectFrom('kreyolcash_movimentacoes')
            .select('remetente_id')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          return callRaw(
            db(),
            'kc_transferencia_verificar',
            verificationParams(t, {
              payerId: String(payer.remetente_id),
              movementId: id,
              code: await codeForMovement(t, id),
            }),
          ).then((a) => (a as Answer).ok);
        }),
      ),
    };
  }

  it('leaves what holding each in turn leaves: answers, holds, movements, legs, totals, codes, messages, keys', async () => {
    const together = await scenario(initiateBatch);
    const inTurn = await scenario(initiateOneByOne);
    expect(together).toEqual(inTurn);
    expect(together.answers.map((a: Answer) => (a.ok ? (a.replayed ? 'replayed' : true) : a.error))).toEqual([
      true,
      true,
      true,
      true,
      'self_transfer',
      'user_not_found',
      'fee_changed',
      'max_amount_error',
      'insufficient_balance',
      'account_frozen',
      'phone_not_verified',
      true,
      'replayed',
      'replayed',
      'idempotency_key_reused',
      'invalid_amount',
      'balance_limit_reached',
      true,
      true,
      true,
      'replayed',
      true,
      true,
      true,
      'insufficient_balance',
      true,
      true,
      'rate_limited',
      true,
      true,
      true,
      true,
      true,
      true,
      'daily_limit_reached',
    ]);
    expect(together.verified.every((ok) => ok === true)).toBe(true);
    await expectLedgerSound(db());
  });

  it('holds as sets each payer’s items up to the first that would not be held, and nothing else', async () => {
    const [a, b, c, d] = [await seedUser(t), await seedUser(t), await seedUser(t), await seedUser(t)];
    const items = [
      initiation(t, a, { id: b.id }, 300),
      initiation(t, a, { id: c.id }, 200),
      initiation(t, b, { id: b.id }, 300),
      initiation(t, b, { id: c.id }, 100),
      initiation(t, c, { email: d.email }, 1_000),
      initiation(t, d, { id: a.id }, 100, { key: null }),
      // Alone it fits d's ₭100; after d's first item it does not.
      initiation(t, d, { id: b.id }, 9_800, { key: null }),
      initiation(t, d, { id: c.id }, 50, { key: null }),
      initiation(t, a, { id: d.id }, 300),
    ];
    const taken = await db()
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ juntas: Record<string, Answer> }>`
          select kc_transferencias_reter_juntas(${JSON.stringify({ itens: items })}::jsonb) as juntas`.execute(
          trx,
        );
        return rows[0]?.juntas ?? {};
      });
    // a's third repeats its first's key: the one-by-one path answers it.
    expect(Object.keys(taken).sort()).toEqual(['1', '2', '5', '6']);
    expect(taken['5']).toMatchObject({ ok: true, status: 'pendente', tarifa_centis: feeOf(1_000) });
    const reserved = async (u: SeededUser) =>
      (
        await db()
          .selectFrom('kreyolcash_contas')
          .select('reservado_centis')
          .where('id', '=', u.id)
          .executeTakeFirstOrThrow()
      ).reservado_centis;
    expect(await Promise.all([a, b, c, d].map(reserved))).toEqual([500, 0, 1_000 + feeOf(1_000), 100]);
    const sent = await db()
      .selectFrom('kreyolcash_envios_diarios')
      .select('enviado_centis')
      .where('usuario_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(sent.enviado_centis).toBe(500);
    await expectLedgerSound(db());
  });

  it('gives every movement an id ordered by its time (UUID version 7): issued, held alone and in a batch', async () => {
    const before = Date.now();
    // Each one's signup money is an issuance: a movement posted at once (kc_movimento_imediato).
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const batch = await initiateBatch(db(), [
      initiation(t, a, { id: b.id }, 300, { key: 'v7-1' }),
      initiation(t, b, { id: c.id }, 400, { key: 'v7-2' }),
      initiation(t, c, { id: a.id }, 500, { key: 'v7-3' }),
    ]);
    const alone = await callRaw(
      db(),
      'kc_transferencia_iniciar',
      initiation(t, a, { id: c.id }, 600, { key: 'v7-4' }),
    );
    const after = Date.now();
    const ids = [...batch, alone].map((answer) => String((answer as Answer).movimentacao_id));
    const { rows } = await sql<{ id: string; criado_em: Date; tipo: string }>`
      select id, criado_em, tipo from kreyolcash_movimentacoes
       where id in (${sql.join(ids)}) or destinatario_id in (${a.id}, ${b.id}, ${c.id})`.execute(db());
    expect(rows.filter((r) => r.tipo === 'transferencia')).toHaveLength(4);
    expect(rows.filter((r) => r.tipo !== 'transferencia').length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const millis = Number.parseInt(row.id.replaceAll('-', '').slice(0, 12), 16);
      expect(millis).toBeGreaterThanOrEqual(before - 1_000);
      expect(millis).toBeLessThanOrEqual(after + 1_000);
      expect(Math.abs(millis - row.criado_em.getTime())).toBeLessThan(5_000);
    }
    // Made one after another, they sort as they were made; the random bits differ.
    const { rows: made } = await sql<{ id: string }>`
      select kc_id_ordenado()::text as id from generate_series(1, 200)`.execute(db());
    const prefixes = made.map((m) => m.id.slice(0, 13));
    expect(prefixes).toEqual([...prefixes].sort());
    expect(new Set(made.map((m) => m.id)).size).toBe(200);
  });
});

// Batches of initiations, lone initiations and batches of verifications on the same payers at
// once, as two server processes would send them: every path takes keys before accounts and each
// level in order, so none waits on another in a circle.
describe.runIf(testDatabaseKind === 'postgres')('batches of initiations alongside other paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithFeeBands();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every call, without a deadlock, and leaves the ledger sound', async () => {
    const random = seededRandom(33);
    const pick = (below: number) => Math.floor(random() * below);
    const people: SeededUser[] = [];
    for (let i = 0; i < 24; i++)
      people.push(await seedUser(t, { bonusCentis: 500_000, documentApproved: true }));
    const anyone = () => people[pick(people.length)] as SeededUser;
    const { call, failures } = recordingCalls(t);
    const randomItem = (n: number) => {
      const payer = anyone();
      let payee = anyone();
      if (payee.id === payer.id) payee = people[(people.indexOf(payer) + 1) % people.length] as SeededUser;
      // Some keys repeat across calls: a retried request arriving in two batches at once.
      return initiation(t, payer, { id: payee.id }, 100 + pick(3_000), {
        key: `s-${n % 12}`,
        code: '654321',
      });
    };
    const calls: Promise<unknown>[] = [];
    for (let b = 0; b < 24; b++) {
      calls.push(
        call('kc_transferencias_iniciar', {
          itens: Array.from({ length: 8 }, (_, i) => randomItem(b * 8 + i)),
        }),
      );
      calls.push(call('kc_transferencia_iniciar', randomItem(1_000 + b)));
    }
    const answers = (await Promise.all(calls)).flat() as (Answer | null)[];
    expect(failures).toEqual([]);
    const held = answers.filter((a): a is Answer => a?.ok === true && !a.replayed);
    expect(held.length).toBeGreaterThan(100);
    await expectLedgerSound(t.database.db);
    // Then verified in batches while more are held.
    const items = await Promise.all(
      held.map(async (a) => {
        const m = await t.database.db
          .selectFrom('kreyolcash_movimentacoes')
          .select(['id', 'remetente_id'])
          .where('id', '=', String(a.movimentacao_id))
          .executeTakeFirstOrThrow();
        return verificationParams(t, { payerId: String(m.remetente_id), movementId: m.id, code: '654321' });
      }),
    );
    const more: Promise<unknown>[] = [];
    for (let i = 0; i < items.length; i += 10) {
      more.push(call('kc_transferencias_verificar', { itens: items.slice(i, i + 10) }));
      more.push(
        call('kc_transferencias_iniciar', {
          itens: Array.from({ length: 6 }, (_, k) => randomItem(5_000 + i + k)),
        }),
      );
    }
    const verified = (await Promise.all(more)).flat() as (Answer | null)[];
    expect(failures).toEqual([]);
    expect(verified.filter((a) => a?.ok === true && a.recebedor_id !== undefined).length).toBe(items.length);
    await expectLedgerSound(t.database.db);
  });
});
