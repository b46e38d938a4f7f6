import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentConfirmation,
  cashInHold,
  cashOutHold,
  HOLD_CODE,
  issueCode,
  takenBySetPath,
} from '../test-support/batch-fixtures.ts';
import { replaceFeeBands } from '../test-support/fee-tables.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { seedAgentAccount } from '../test-support/movement-legs.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { callRaw } from './ledger-call.ts';

// A batch of holds between accounts (agents' cash-ins and cash-outs) holds each paying account's
// items, up to the first that would not be held in its turn, as sets (kc_movimentos_reter_juntas),
// and leaves the rest to the one-by-one path. What it leaves must be what the same holds leave one
// by one in the batch's order: the same answers, balances, movements and their fee legs, codes
// (the payers' spent, the parties' written), day's totals, messages and Idempotency-Keys, with
// every party's code confirming its hold. Floats meet at agents (one code budget) and payers at
// their limits.

type Answer = Record<string, unknown>;
type Item = ReturnType<typeof cashInHold> | ReturnType<typeof cashOutHold>;

describe(`a batch of holds between accounts held as sets on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    // ₭1 and 1 % a cash-out, half of it the agent's commission.
    await replaceFeeBands(t.database.db, 'saque', [
      { de_centis: 1, ate_centis: 1_000_000, fixa_centis: 100, percentual_bp: 100, comissao_bp: 5_000 },
    ]);
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });
  const db = () => t.database.db;

  /** Three floats, four agents (one with a float of its own kind), their customers: new each time. */
  async function counters() {
    const names = 'floatA floatB floatC agentA agentB agentC agentD c1 c2 c3 c4 c5 c6 rich rich2 rich3 poor';
    const people: Record<string, SeededUser> = {};
    for (const name of names.split(' '))
      people[name] = await seedUser(t, {
        bonusCentis: {
          floatA: 50_000,
          floatB: 30_000,
          floatC: 20_000,
          rich: 60_000,
          rich2: 30_000,
          rich3: 30_000,
          poor: 1_000,
        }[name],
      });
    people.nearlyFull = await seedUser(t, { bonusCentis: 99_000 });
    people.frozen = await seedUser(t, { bonusCentis: 20_000 });
    await db()
      .updateTable('usuarios')
      .set({ congelado_em: new Date(), congelado_por: 'usuario' })
      .where('id', '=', people.frozen.id)
      .execute();
    const p = people as Record<string, SeededUser>;
    const till = await seedAgentAccount(t, p.agentC as SeededUser);
    const requests = Array.from({ length: 9 }, () => randomUUID());
    const payerOf = ['rich', 'poor', 'poor', 'rich', 'rich', 'frozen', 'rich2', 'rich3', 'poor'];
    for (const [i, request] of requests.entries())
      await issueCode(t, {
        subject: request,
        purpose: 'saque',
        to: p[payerOf[i] as string] as SeededUser,
        binding: `terms of ${request}`,
      });
    const id = (name: string) => (p[name] as SeededUser).id;
    const agent = (name: string) => p[name] as SeededUser;
    const cashIn = (
      float: string,
      to: string,
      amount: number,
      by: string,
      o: { key?: string; codes?: number } = {},
    ) => cashInHold(t, { float: id(float), to: id(to), amount, agent: agent(by), ...o });
    const cashOut = (customer: string, r: number, amount: number, seenFee: number, code = HOLD_CODE) =>
      cashOutHold(t, {
        customer: id(customer),
        float: till,
        agent: agent('agentC'),
        request: requests[r] as string,
        amount,
        code,
        seenFee,
      });
    const items: Item[] = [
      cashIn('floatA', 'c1', 5_000, 'agentA'), // 1 held
      cashIn('floatB', 'c2', 4_000, 'agentB'), // 2 held
      cashOut('rich', 0, 10_000, 200), // 3 held, ₭2 of fee: ₭1 to the till, ₭1 to the fees
      cashIn('floatA', 'c2', 6_000, 'agentA'), // 4 held
      cashOut('poor', 1, 5_000, 150), // 5 insufficient_balance
      cashOut('poor', 2, 500, 105), // 6 held after its payer's refusal
      cashIn('floatA', 'nearlyFull', 2_000, 'agentA'), // 7 balance_limit_reached
      cashIn('floatA', 'c3', 1_000, 'agentA'), // 8 held after its float's refusal
      cashOut('rich', 3, 30_000, 400), // 9 held: ₭406 of ₭500 sent today
      cashOut('rich', 4, 10_000, 200), // 10 daily_limit_reached
      cashOut('frozen', 5, 1_000, 110), // 11 account_frozen
      cashIn('floatB', 'c4', 3_000, 'agentB', { key: 'kb' }), // 12 held
      cashIn('floatB', 'c4', 3_000, 'agentB', { key: 'kb' }), // 13 its answer again
      cashIn('floatB', 'c5', 3_000, 'agentB', { key: 'kb' }), // 14 idempotency_key_reused
      cashOut('rich2', 6, 2_000, 120, '000000'), // 15 invalid_codes, an attempt counted
      cashOut('rich2', 6, 2_000, 120), // 16 held on the right code after it
      cashOut('rich3', 7, 2_000, 150), // 17 fee_changed
      cashOut('rich3', 7, 2_000, 120), // 18 held on the fee shown
      cashIn('floatC', 'c5', 1_000, 'agentD', { codes: 2 }), // 19 held: the agent's first code
      cashIn('floatB', 'c6', 1_000, 'agentD', { codes: 2 }), // 20 held, another float: the agent's second
      cashIn('floatC', 'c6', 1_000, 'agentD', { codes: 2 }), // 21 rate_limited
      cashIn('floatC', 'floatC', 1_000, 'agentA'), // 22 self_transfer
      cashOut('poor', 8, 0, 0), // 23 invalid_amount
      cashIn('floatC', 'c1', 2_500, 'agentB'), // 24 held after its float's refusals
    ];
    return { items, people: p, till, requests };
  }

  type Counters = Awaited<ReturnType<typeof counters>>;

  /** What a batch left, its ids named by who and what they are, comparable across two stories. */
  async function leftBy(m: Counters, answers: Answer[]) {
    const names = new Map<string, string>([
      [m.till, 'till'],
      ...Object.entries(m.people).map(([n, u]): [string, string] => [u.id, n]),
    ]);
    for (const [i, a] of answers.entries())
      if (typeof a.movimentacao_id === 'string' && !names.has(a.movimentacao_id))
        names.set(a.movimentacao_id, `hold ${i + 1}`);
    for (const [i, r] of m.requests.entries()) names.set(r, `request ${i}`);
    for (const [n, u] of Object.entries(m.people)) names.set(u.telefone, `${n}'s phone`);
    const rename = (v: unknown): unknown => {
      if (typeof v === 'string')
        return names.get(v) ?? v.replace(/[0-9a-f-]{36}/g, (id) => names.get(id) ?? id);
      if (Array.isArray(v)) return v.map(rename);
      if (v && typeof v === 'object')
        return Object.fromEntries(
          Object.entries(v).map(([k, x]) => [k, k === 'expira_em' ? typeof x : rename(x)]),
        );
      return v;
    };
    const ids = [m.till, ...Object.values(m.people).map((u) => u.id)];
    const all = async (query: ReturnType<typeof sql>) => {
      const { rows } = await query.execute(db());
      return (rows.map(rename) as unknown[]).map((r) => JSON.stringify(r)).sort();
    };
    return {
      answers: answers.map(rename),
      accounts: await all(
        sql`select id, saldo_centis, reservado_centis from kreyolcash_contas where id = any(${ids}::uuid[])`,
      ),
      movements: await all(sql`
        select m.id, m.tipo, m.status, m.remetente_id, m.destinatario_id, m.conta_debito, m.conta_credito,
               m.quantidade_centis, m.confirmador_id, m.nos_limites, m.posta_ao_expirar, m.codigo_hash is null as sem_codigo,
               m.expira_em > now() as vivo,
               (select jsonb_agg(jsonb_build_array(p.numero, p.conta_debito, p.conta_credito, p.quantidade_centis) order by p.numero)
                  from kreyolcash_pernas p where p.movimentacao_id = m.id) as pernas
          from kreyolcash_movimentacoes m where m.conta_debito = any(${ids}::uuid[]) and m.tipo in ('deposito', 'saque')`),
      codes: await all(sql`
        select c.sujeito_id, c.finalidade, c.user_id, c.telefone, c.tentativas, c.usado_em is not null as usado,
               c.expira_em = m.expira_em as com_o_movimento
          from codigos_verificacao c left join kreyolcash_movimentacoes m on m.id = c.sujeito_id
         where c.user_id = any(${ids}::uuid[]) and c.finalidade in ('deposito', 'saque')`),
      totals: await all(
        sql`select usuario_id, dia, enviado_centis from kreyolcash_envios_diarios where usuario_id = any(${ids}::uuid[])`,
      ),
      messages: await all(sql`
        select u.id, o.template, o.params, o.idioma, o.purpose, o.referencia
          from outbox_messages o join usuarios u on u.telefone = o.recipient
         where u.id = any(${ids}::uuid[]) and o.purpose = 'cash_in_code'`),
      keys: await all(
        sql`select user_id, chave, request_hash, resposta from idempotency_keys where user_id = any(${ids}::uuid[])`,
      ),
    };
  }

  /** Every pending cash-in confirms on the code its agent was sent, and every pending cash-out by its agent. */
  async function holdsConfirm() {
    const { rows } = await sql<{ id: string; tipo: string; confirmador_id: string; telefone: string }>`
      select m.id, m.tipo, m.confirmador_id, u.telefone from kreyolcash_movimentacoes m join usuarios u on u.id = m.confirmador_id
       where m.status = 'pendente' and m.tipo in ('deposito', 'saque')`.execute(db());
    let posted = 0;
    for (const h of rows) {
      const answer = (await callRaw(
        db(),
        'kc_confirmar',
        agentConfirmation(t, {
          movementId: h.id,
          agent: { id: h.confirmador_id, telefone: h.telefone },
          kind: h.tipo as 'deposito' | 'saque',
        }),
      )) as Answer;
      if (answer.ok === true) posted += 1;
    }
    return { pending: rows.length, posted };
  }

  it('leaves what the same holds leave one by one: answers, balances, movements, legs, codes, totals, messages, keys', async () => {
    const together = await counters();
    const batch = (await callRaw(db(), 'kc_movimentos_reter', { itens: together.items })) as Answer[];
    const alone = await counters();
    const oneByOne: Answer[] = [];
    for (const each of alone.items)
      oneByOne.push((await callRaw(db(), 'kc_movimento_reter', each)) as Answer);
    const left = await leftBy(together, batch);
    expect(left).toEqual(await leftBy(alone, oneByOne));
    expect(batch.map((a) => (a.ok ? (a.replayed ? 'replayed' : true) : a.error))).toEqual([
      true,
      true,
      true,
      true,
      'insufficient_balance',
      true,
      'balance_limit_reached',
      true,
      true,
      'daily_limit_reached',
      'account_frozen',
      true,
      'replayed',
      'idempotency_key_reused',
      'invalid_codes',
      true,
      'fee_changed',
      true,
      true,
      true,
      'rate_limited',
      'self_transfer',
      'invalid_amount',
      true,
    ]);
    // rich's two cash-outs with their fees, ₭406 held; the till is credited nothing before the hand-over.
    expect(left.accounts).toContain(
      JSON.stringify({ id: 'rich', saldo_centis: 60_000, reservado_centis: 40_600 }),
    );
    expect(left.totals.filter((r) => r.includes('"rich"'))).toHaveLength(1);
    expect(left.totals.find((r) => r.includes('"rich"'))).toContain('"enviado_centis":40600');
    const confirmed = await holdsConfirm();
    expect(confirmed.posted).toBe(confirmed.pending);
    expect(confirmed.pending).toBe(2 * 13);
    await expectLedgerSound(db());
  });

  it('holds as sets each paying account’s items up to the first that would not be held, and nothing else', async () => {
    const m = await counters();
    const taken = await takenBySetPath(t, 'kc_movimentos_reter_juntas', m.items);
    // floatA's first two, floatB's first two (its keyed one replayed next), rich's two within the
    // day, floatC's first (its next is the agent D's third code); poor, rich2 and rich3 start with a
    // refusal.
    expect(Object.keys(taken).sort((x, y) => Number(x) - Number(y))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '9',
      '12',
      '19',
    ]);
    expect(Object.values(taken).every((a) => a.ok === true)).toBe(true);
    const { rows } = await sql<{ reservado_centis: string }>`
      select reservado_centis::text from kreyolcash_contas where id in (${m.people.floatA?.id}::uuid, ${m.people.rich?.id}::uuid)
       order by saldo_centis`.execute(db());
    // floatA: ₭50 + ₭60; rich: ₭102 + ₭304.
    expect(rows.map((r) => r.reservado_centis)).toEqual(['11000', '40600']);
    await expectLedgerSound(db());
  });
});
