import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashInHold,
  cashOutHold,
  HOLD_CODE,
  issueCode,
  partyPolicy,
} from '../test-support/batch-fixtures.ts';
import { replaceFeeBands } from '../test-support/fee-tables.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { ledger, requestHashOf } from './ledger.ts';
import { callRaw } from './ledger-call.ts';
import { movementHolds, partyConfirmations } from './phase-batches.ts';
import { codePepper } from './policy.ts';

// A batch of holds between accounts (kc_movimentos_reter) or of party confirmations
// (kc_confirmacoes, which posts the movements it may as sets and the rest one by one) answers each
// item as it is answered alone, after the items before it: the same answers,
// and the same balances, statuses, codes, messages and keys, as the same calls made one by one,
// refusals included. Under load, the facade's holds and posts by a party leave in such batches.

type Answer = Record<string, unknown>;

describe(`party confirmations batched, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });
  const db = () => t.database.db;

  async function held(payer: SeededUser, payee: SeededUser, amount: number, party: SeededUser) {
    const result = await ledger.hold(t.app.deps, {
      kind: 'movement',
      movementKind: 'deposito',
      debitAccountId: payer.id,
      creditAccountId: payee.id,
      amountCentis: amount,
      note: null,
      idempotencyKey: null,
      requestHash: requestHashOf('movement', [payee.id, amount]),
      policy: partyPolicy(party.id),
    });
    if (!result.ok) throw new Error(`hold refused: ${result.error}`);
    return result.movimentacao_id;
  }

  const item = (movementId: string, by: SeededUser, code?: string) => ({
    movimentacao_id: movementId,
    confirmador_id: by.id,
    limites: t.config.levelLimits,
    ...(code
      ? {
          codigo: {
            finalidade: 'deposito',
            vinculo: by.telefone,
            codigo: code,
            pepper: codePepper(t.config.jwtSecret),
            max_tentativas: 3,
          },
        }
      : {}),
  });

  /** The same story for new people: a float paying customers, confirmed by its agent. */
  async function story() {
    const float = await seedUser(t, { bonusCentis: 90_000 });
    const agent = await seedUser(t);
    const stranger = await seedUser(t);
    const customers = [await seedUser(t), await seedUser(t), await seedUser(t), await seedUser(t)];
    // Level 1 holds at most ₭1 000: this customer can receive one of two ₭40 holds, not both.
    const nearlyFull = await seedUser(t, { bonusCentis: 95_000 });
    const [c1, c2, c3, c4] = customers as [SeededUser, SeededUser, SeededUser, SeededUser];
    const plain = await held(float, c1, 5_000, agent);
    const coded = await held(float, c2, 6_000, agent);
    await issueCode(t, { subject: coded, purpose: 'deposito', to: agent });
    const other = await held(float, c3, 7_000, agent);
    const fits = await held(float, nearlyFull, 4_000, agent);
    const tooMuch = await held(float, nearlyFull, 4_000, agent);
    const last = await held(float, c4, 8_000, agent);
    // Past its time: the confirmation ends it as its expiry says (voided).
    const late = await held(float, c1, 1_000, agent);
    await sql`update kreyolcash_movimentacoes set expira_em = now() - interval '1 second' where id = ${late}::uuid`.execute(
      db(),
    );
    const items = [
      item(plain, agent), // posted
      item(other, stranger), // not_confirming_party
      item(coded, agent), // without its code: invalid_codes, no attempt spent
      item(coded, agent, '000000'), // invalid_codes, an attempt spent
      item(coded, agent, HOLD_CODE), // posted, the code spent
      item(plain, agent), // transaction_not_pending
      item(fits, agent), // posted
      item(tooMuch, agent), // balance_limit_reached, voided
      item(last, agent), // posted after a refused neighbour
      item(other, agent), // posted
      item(randomUUID(), agent), // transaction_not_found
      item(late, agent), // transaction_not_pending: expired, voided
    ];
    const people = [float, agent, stranger, ...customers, nearlyFull];
    return { items, people, movements: [plain, coded, other, fits, tooMuch, last, late] };
  }

  async function stateOf(people: SeededUser[], movements: string[]) {
    const accounts = [];
    for (const person of people) {
      const { rows } = await sql<{ saldo: string; reservado: string }>`
        select saldo_centis::text as saldo, reservado_centis::text as reservado
          from kreyolcash_contas where id = ${person.id}::uuid`.execute(db());
      accounts.push(rows[0]);
    }
    const holds = [];
    for (const id of movements) {
      const { rows } = await sql<{ status: string; tentativas: number | null; usado: boolean | null }>`
        select m.status, c.tentativas, c.usado_em is not null as usado
          from kreyolcash_movimentacoes m left join codigos_verificacao c on c.sujeito_id = m.id
         where m.id = ${id}::uuid`.execute(db());
      holds.push(rows[0]);
    }
    return { accounts, holds };
  }

  function comparable(answers: Answer[], movements: string[], people: SeededUser[]) {
    const names = new Map<string, string>([
      ...movements.map((id, i): [string, string] => [id, `movement ${i + 1}`]),
      ...people.map((p, i): [string, string] => [p.id, `person ${i + 1}`]),
    ]);
    const rename = (value: unknown) => names.get(String(value)) ?? 'unknown';
    return answers.map(({ movimentacao_id, usuarios, ...rest }) => ({
      ...rest,
      ...(movimentacao_id ? { movimentacao_id: rename(movimentacao_id) } : {}),
      ...(Array.isArray(usuarios) ? { usuarios: usuarios.map(rename) } : {}),
    }));
  }

  it('answers and leaves what the same confirmations leave one by one', async () => {
    const together = await story();
    const batch = (await callRaw(db(), 'kc_confirmacoes', { itens: together.items })) as Answer[];
    const alone = await story();
    const oneByOne: Answer[] = [];
    for (const each of alone.items) oneByOne.push((await callRaw(db(), 'kc_confirmar', each)) as Answer);

    expect(comparable(batch, together.movements, together.people)).toEqual(
      comparable(oneByOne, alone.movements, alone.people),
    );
    expect(batch.map((a) => a.error ?? 'ok')).toEqual([
      'ok',
      'not_confirming_party',
      'invalid_codes',
      'invalid_codes',
      'ok',
      'transaction_not_pending',
      'ok',
      'balance_limit_reached',
      'ok',
      'ok',
      'transaction_not_found',
      'transaction_not_pending',
    ]);
    const state = await stateOf(together.people, together.movements);
    expect(state).toEqual(await stateOf(alone.people, alone.movements));
    // The float paid ₭50 + ₭60 + ₭70 + ₭40 + ₭80, and holds nothing more; the voided ₭40 and the
    // expired ₭10 came back.
    expect(state.accounts[0]).toEqual({ saldo: String(90_000 - 30_000), reservado: '0' });
    expect(state.holds.map((h) => h?.status)).toEqual([
      'concluida',
      'concluida',
      'concluida',
      'concluida',
      'cancelada',
      'concluida',
      'expirada',
    ]);
    // The right code was spent after one wrong attempt.
    expect(state.holds[1]).toMatchObject({ tentativas: 1, usado: true });
  });

  /** The same story of cash-ins for new people: holds from one float, each sending the agent a code. */
  async function holdStory() {
    const float = await seedUser(t, { bonusCentis: 20_000 });
    const agent = await seedUser(t);
    const [c1, c2, c3] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const nearlyFull = await seedUser(t, { bonusCentis: 99_000 });
    const items = [
      cashInHold(t, { float: float.id, to: c1.id, amount: 5_000, agent }), // held, a code and its message
      cashInHold(t, { float: float.id, to: c2.id, amount: 30_000, agent }), // insufficient_balance
      cashInHold(t, { float: float.id, to: c2.id, amount: 4_000, agent, key: 'k1' }), // held
      cashInHold(t, { float: float.id, to: c2.id, amount: 4_000, agent, key: 'k1' }), // the same key and body: its answer again
      cashInHold(t, { float: float.id, to: c3.id, amount: 4_000, agent, key: 'k1' }), // the same key, another body: refused
      cashInHold(t, { float: float.id, to: float.id, amount: 1_000, agent }), // self_transfer
      cashInHold(t, { float: float.id, to: c3.id, amount: 1_000, agent, codes: 2 }), // the agent's two codes are sent: rate_limited
      cashInHold(t, { float: float.id, to: nearlyFull.id, amount: 2_000, agent }), // balance_limit_reached
      cashInHold(t, { float: float.id, to: c3.id, amount: 3_000, agent }), // held after refused neighbours
    ];
    return { items, people: [float, agent, c1, c2, c3, nearlyFull] };
  }

  async function holdStateOf(people: SeededUser[]) {
    const [float, agent] = people as [SeededUser, SeededUser];
    const { rows } = await sql<Record<string, string>>`
      select (select saldo_centis || '/' || reservado_centis from kreyolcash_contas where id = ${float.id}::uuid) as float,
             (select string_agg(m.status || ':' || m.quantidade_centis || ':' || (c.sujeito_id is not null), ','
                                order by m.quantidade_centis)
                from kreyolcash_movimentacoes m left join codigos_verificacao c on c.sujeito_id = m.id
               where m.conta_debito = ${float.id}::uuid and m.tipo = 'deposito') as holds,
             (select count(*)::text from outbox_messages where recipient = ${agent.telefone} and purpose = 'cash_in_code')
               as messages,
             (select count(*)::text from idempotency_keys where user_id = ${float.id}::uuid) as keys`.execute(
      db(),
    );
    return rows[0];
  }

  it('holds a batch between accounts as the same holds one by one, each party code sent once', async () => {
    const together = await holdStory();
    const batch = (await callRaw(db(), 'kc_movimentos_reter', { itens: together.items })) as Answer[];
    const alone = await holdStory();
    const oneByOne: Answer[] = [];
    for (const each of alone.items)
      oneByOne.push((await callRaw(db(), 'kc_movimento_reter', each)) as Answer);

    const shape = (answers: Answer[], people: SeededUser[]) =>
      comparable(
        answers.map(({ expira_em, ...rest }) => ({ ...rest, has_expiry: expira_em !== undefined })),
        [],
        people,
      ).map((a, i) => ({ ...a, movimentacao_id: a.movimentacao_id && `hold of item ${i}` }));
    expect(batch.map((a) => a.error ?? (a.replayed ? 'replayed' : 'ok'))).toEqual([
      'ok',
      'insufficient_balance',
      'ok',
      'replayed',
      'idempotency_key_reused',
      'self_transfer',
      'rate_limited',
      'balance_limit_reached',
      'ok',
    ]);
    // The replay answers the first hold's id, the others their own.
    expect(batch[3]?.movimentacao_id).toBe(batch[2]?.movimentacao_id);
    expect(shape(batch, together.people)).toEqual(shape(oneByOne, alone.people));
    const state = await holdStateOf(together.people);
    expect(state).toEqual(await holdStateOf(alone.people));
    expect(state).toEqual({
      float: '20000/12000',
      holds: 'pendente:3000:true,pendente:4000:true,pendente:5000:true',
      messages: '3',
      keys: '1',
    });
  });

  async function cashOutStory() {
    const float = await seedUser(t);
    const agent = await seedUser(t);
    const rich = await seedUser(t, { bonusCentis: 20_000 });
    const poor = await seedUser(t, { bonusCentis: 1_000 });
    const requests = [randomUUID(), randomUUID(), randomUUID()] as [string, string, string];
    for (const [i, request] of requests.entries())
      await issueCode(t, {
        subject: request,
        purpose: 'saque',
        to: i === 0 ? rich : poor,
        binding: `terms of ${request}`,
      });
    const [r1, r2, r3] = requests;
    // The fee of ₭100: ₭1 + 1 % = ₭2, half of it the agent's commission.
    const cashOut = (customer: SeededUser, request: string, amount: number, code: string, seenFee: number) =>
      cashOutHold(t, { customer: customer.id, float: float.id, agent, request, amount, code, seenFee });
    const items = [
      cashOut(rich, r1, 10_000, '000000', 200), // invalid_codes
      cashOut(rich, r1, 10_000, HOLD_CODE, 150), // fee_changed
      cashOut(rich, r1, 10_000, HOLD_CODE, 200), // held
      cashOut(rich, r1, 10_000, '000000', 200), // its answer again
      cashOut(poor, r2, 5_000, HOLD_CODE, 150), // insufficient_balance
      cashOut(poor, r3, 500, HOLD_CODE, 105), // held
    ];
    return { items, people: [float, agent, rich, poor], requests };
  }

  async function cashOutStateOf(people: SeededUser[], requests: string[]) {
    const [float, , rich, poor] = people as [SeededUser, SeededUser, SeededUser, SeededUser];
    const { rows } = await sql<Record<string, string>>`
      select (select string_agg(saldo_centis || '/' || reservado_centis, ' ' order by array_position(${[rich.id, poor.id, float.id]}::uuid[], id))
                from kreyolcash_contas where id in (${rich.id}::uuid, ${poor.id}::uuid, ${float.id}::uuid)) as accounts,
             (select string_agg(c.tentativas || ':' || (c.usado_em is not null), ' ' order by array_position(${requests}::uuid[], c.sujeito_id))
                from codigos_verificacao c where c.sujeito_id = any(${requests}::uuid[])) as codes,
             (select string_agg(pe.numero || ':' || case pe.conta_credito when ${float.id}::uuid then 'float' else 'fees' end
                                || ':' || pe.quantidade_centis, ' ' order by m.quantidade_centis desc, pe.numero)
                from kreyolcash_movimentacoes m join kreyolcash_pernas pe on pe.movimentacao_id = m.id
               where m.conta_debito in (${rich.id}::uuid, ${poor.id}::uuid)) as legs,
             (select count(*)::text from idempotency_keys where user_id in (${rich.id}::uuid, ${poor.id}::uuid)) as keys`.execute(
      db(),
    );
    return rows[0];
  }

  it("holds cash-outs on their payer's code and the fee they saw, as one by one", async () => {
    await replaceFeeBands(db(), 'saque', [
      { de_centis: 1, ate_centis: 1_000_000, fixa_centis: 100, percentual_bp: 100, comissao_bp: 5_000 },
    ]);
    const together = await cashOutStory();
    const batch = (await callRaw(db(), 'kc_movimentos_reter', { itens: together.items })) as Answer[];
    const alone = await cashOutStory();
    const oneByOne: Answer[] = [];
    for (const each of alone.items)
      oneByOne.push((await callRaw(db(), 'kc_movimento_reter', each)) as Answer);

    expect(batch.map((a) => a.error ?? 'ok')).toEqual([
      'invalid_codes',
      'fee_changed',
      'ok',
      'ok',
      'insufficient_balance',
      'ok',
    ]);
    // A request answered again (its answer lost on the way) holds nothing more, whatever code it carries.
    expect(batch[3]).toEqual({ ...batch[2], replayed: true });
    expect(batch[1]).toMatchObject({ tarifa_centis: 200 });
    const shape = (answers: Answer[]) =>
      answers.map(({ movimentacao_id, expira_em, usuarios, ...rest }) => ({
        ...rest,
        held: movimentacao_id !== undefined && expira_em !== undefined && Array.isArray(usuarios),
      }));
    expect(shape(batch)).toEqual(shape(oneByOne));
    const state = await cashOutStateOf(together.people, together.requests);
    expect(state).toEqual(await cashOutStateOf(alone.people, alone.requests));
    expect(state).toEqual({
      // ₭100 + ₭2 held from the rich customer, ₭5 + ₭1.05 from the poor one; the float (its sign-up
      // bonus) gets nothing before the hand-over.
      accounts: '20000/10200 1000/605 10000/0',
      // A wrong attempt then spent; the refused hold's code unspent, to try again; spent.
      codes: '1:true 0:false 0:true',
      legs: '1:float:10000 2:float:100 3:fees:100 1:float:500 2:float:52 3:fees:53',
      keys: '2',
    });
  });

  it('gathers concurrent holds and posts by their parties into batches, each done once', async () => {
    const float = await seedUser(t, { bonusCentis: 90_000 });
    const agents = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const customers = await Promise.all(Array.from({ length: 8 }, () => seedUser(t)));
    const holdBatcher = movementHolds(t.app.deps.database.db);
    const beforeHolds = { ...holdBatcher.sent };
    // 24 holds from one float at once: batched, each held once, the float's lock taken once a batch.
    const holds = await Promise.all(
      customers.flatMap((customer, i) => {
        const agent = agents[i % agents.length] as SeededUser;
        return [0, 1, 2].map(async () => ({ id: await held(float, customer, 1_000, agent), agent }));
      }),
    );
    expect(new Set(holds.map((h) => h.id)).size).toBe(24);
    expect(holdBatcher.sent.items - beforeHolds.items).toBe(24);
    expect(holdBatcher.sent.calls - beforeHolds.calls).toBeLessThan(24);
    expect(holdBatcher.sent.rolledBack).toBe(beforeHolds.rolledBack);
    const batcher = partyConfirmations(t.app.deps.database.db);
    const before = { ...batcher.sent };
    // Each hold confirmed twice at once: one post, one transaction_not_pending.
    const answers = await Promise.all(
      [...holds, ...holds].map((h) =>
        ledger.post(t.app.deps, { kind: 'party', movementId: h.id, partyId: h.agent.id }),
      ),
    );
    const posted = answers.filter((a) => a.ok).map((a) => (a.ok ? a.movimentacao_id : ''));
    expect(posted.sort()).toEqual(holds.map((h) => h.id).sort());
    expect(answers.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.error))).toEqual(
      holds.map(() => 'transaction_not_pending'),
    );
    const calls = batcher.sent.calls - before.calls;
    expect(batcher.sent.items - before.items).toBe(holds.length * 2);
    expect(calls).toBeLessThan(holds.length * 2);
    expect(batcher.sent.rolledBack).toBe(before.rolledBack);
    const { rows } = await sql<{ saldo: string; reservado: string }>`
      select saldo_centis::text as saldo, reservado_centis::text as reservado
        from kreyolcash_contas where id = ${float.id}::uuid`.execute(db());
    expect(rows[0]).toEqual({ saldo: String(90_000 - holds.length * 1_000), reservado: '0' });
  });
});
