import { randomUUID } from 'node:crypto';
import { centisToUnits, transactionSchema, wallClockOf } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';

// kc_transacao_json (statement.sql) is the one presenter of a movement: a statement page is sent as
// PostgreSQL writes it. Each case is what the person looking at a movement reads, and the text is
// byte for byte what the Transaction schema's serializer writes for the same value.

type Movement = {
  remetente: string | null;
  tipo: string;
  status: string;
  centis: number;
  exato: string;
  remetenteNome: string | null;
  remetenteEmail: string | null;
  destinatarioNome: string | null;
  destinatarioEmail: string | null;
  observacoes: string | null;
  estornada: boolean;
  emVerificacao: boolean;
  agente: string | null;
  compra: string | null;
};

const viewer = randomUUID();
const someoneElse = randomUUID();
const plain: Movement = {
  remetente: viewer,
  tipo: 'transferencia',
  status: 'concluida',
  centis: 1250,
  exato: '2026-11-02T12:34:56.789123Z',
  remetenteNome: 'Jean Pierre',
  remetenteEmail: 'jean@example.ht',
  destinatarioNome: 'Marie Claire',
  destinatarioEmail: 'marie@example.ht',
  observacoes: 'lwaye',
  estornada: false,
  emVerificacao: false,
  agente: null,
  compra: null,
};

/** The text written back through the schema: what zod's serializer writes for the value the text holds. */
const rewritten = (text: string) =>
  JSON.stringify(z.decode(transactionSchema, z.encode(transactionSchema, JSON.parse(text))));

describe(`a movement as the person looking at it reads it (kc_transacao_json), on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const present = async (changes: Partial<Movement>, id = randomUUID()) => {
    const m = { ...plain, ...changes };
    const { rows } = await sql<{ json: string }>`select kc_transacao_json(${viewer}::uuid, ${id}::uuid,
      ${m.remetente}::uuid, ${m.tipo}::text, ${m.status}::text, ${m.centis}::int8, ${m.exato}::timestamptz,
      ${m.exato}::text, to_json(${m.remetenteNome}::text)::text, to_json(${m.remetenteEmail}::text)::text,
      to_json(${m.destinatarioNome}::text)::text, to_json(${m.destinatarioEmail}::text)::text, ${m.observacoes}::text, ${m.estornada}::boolean, ${m.emVerificacao}::boolean,
      ${m.agente}::text, ${m.compra}::text) as json`.execute(t.database.db);
    const json = rows[0]?.json ?? '';
    expect(rewritten(json)).toBe(json);
    return JSON.parse(json) as Record<string, unknown>;
  };

  // A page's cost doubled when it stopped being inlined (decisions.md, session 30): the agent's and
  // the sale's arguments are subqueries in kc_extrato_linhas, as here.
  it("is written into its caller's query, not called once a movement", async () => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (verbose)
      select kc_transacao_json(${viewer}::uuid, m.id, m.remetente_id, m.tipo, m.status, m.quantidade_centis,
               m.criado_em, 'x', null, null, null, null, m.observacoes, false, false,
               (select 'a' from kreyolcash_movimentacoes a where a.id = m.referente_a),
               (select 'c' from kreyolcash_movimentacoes c where c.id = m.referente_a))
        from kreyolcash_movimentacoes m`.execute(t.database.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('quantidade_kreyolcash');
    expect(plan).not.toContain('kc_transacao_json');
  });

  // A statement page reads its rows through kc_extrato_linha, one movement a call: written into the
  // page's query, that is one plan for every row; called, it would be a function call per movement.
  it("is read a movement at a time by a row function written into its caller's query", async () => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (verbose)
      select l.apresentada from unnest(array[${randomUUID()}::uuid, ${randomUUID()}::uuid]) as i(id)
       cross join lateral kc_extrato_linha(${viewer}::uuid, '"V"', '"v@x.ht"', i.id, false) l`.execute(
      t.database.db,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('quantidade_kreyolcash');
    expect(plan).not.toContain('kc_extrato_linha');
  });

  it('reads a movement between two people as sent by who paid and received by the other', async () => {
    for (const tipo of ['transferencia', 'compra', 'estorno', 'deposito', 'saque', 'reembolso']) {
      expect((await present({ tipo, remetente: viewer })).type).toBe('sent');
      expect((await present({ tipo, remetente: someoneElse })).type).toBe('received');
    }
  });

  it('reads the sign-up batch, a bonus, an adjustment and any other kind without a side', async () => {
    const typeOf = async (tipo: string) => (await present({ tipo, remetente: null })).type;
    expect(await typeOf('cadastro')).toBe('signup');
    expect(await typeOf('bonus')).toBe('bonus');
    expect(await typeOf('ajuste')).toBe('adjustment');
    // A kind added later still shows.
    expect(await typeOf('emissao')).toBe('adjustment');
  });

  it('reads an expired hold as cancelled, and says it expired', async () => {
    const read = async (status: string) => {
      const { status: shown, expirada } = await present({ status });
      return [shown, expirada];
    };
    expect(await read('pendente')).toEqual(['pendente', false]);
    expect(await read('concluida')).toEqual(['concluida', false]);
    expect(await read('cancelada')).toEqual(['cancelada', false]);
    expect(await read('expirada')).toEqual(['cancelada', true]);
  });

  it('gives the amount in ₭ as the centis divided by a hundred, up to the ceiling', async () => {
    for (const centis of [
      1, 7, 10, 99, 100, 105, 110, 1250, 123_456, 99_999_999_999_999, 1_000_000_000_000_000,
    ]) {
      const shown = await present({ centis });
      expect([shown.quantidade_centis, shown.quantidade_kreyolcash]).toEqual([centis, centisToUnits(centis)]);
    }
  });

  it("gives the instant to the millisecond and on Haiti's clocks, either side of a change of hour", async () => {
    // Haiti moved its clocks forward at 07:00 UTC on 8 March 2026 and back at 06:00 UTC on 1 November.
    for (const exato of [
      '2026-03-08T06:59:59.999999Z',
      '2026-03-08T07:00:00.000000Z',
      '2026-11-01T05:59:59.500000Z',
      '2026-11-01T06:00:00.000001Z',
      '2027-01-01T04:59:59.123456Z',
    ]) {
      const shown = await present({ exato });
      const instant = new Date(exato);
      expect([shown.criado_em, shown.criado_em_haiti]).toEqual([instant.toISOString(), wallClockOf(instant)]);
    }
  });

  it('writes any text people typed as JSON reads it back', async () => {
    const texts = [
      'Jérôme "Ti Jo"',
      'a\\b\nc\u0001\u001f\t\r\b\f',
      '🇭🇹 Ayiti </script>',
      "Lakay l'ap",
      '\u2028',
    ];
    for (const text of texts) {
      const shown = await present({ remetenteNome: text, destinatarioEmail: text, observacoes: text });
      expect([shown.remetente_nome, shown.destinatario_email, shown.observacoes]).toEqual([text, text, text]);
    }
    const nobody = await present({ remetenteNome: null, remetenteEmail: null, observacoes: null });
    expect([nobody.remetente_nome, nobody.remetente_email, nobody.observacoes]).toEqual([null, null, null]);
  });

  it("shows a purchase's line instead of its stored text, an agent only where there is one, and the flags", async () => {
    const compra = JSON.stringify({
      venda_id: randomUUID(),
      produto_id: randomUUID(),
      empresa_id: randomUUID(),
      produto_nome: 'Diri "blan"',
      empresa_nome: 'Boutik Ti Mari',
      quantidade: 2,
      preco_unitario_centis: 15_000,
    });
    const bought = await present({ tipo: 'compra', compra, observacoes: 'Compra: 2 x Diri' });
    expect([bought.compra, bought.observacoes, 'agente' in bought]).toEqual([
      JSON.parse(compra),
      null,
      false,
    ]);
    // A purchase's stored text is never shown, even without its line.
    const unsold = await present({ tipo: 'compra', compra: null, observacoes: 'Compra: 2 x Diri' });
    expect([unsold.compra, unsold.observacoes]).toEqual([null, null]);
    const agente = JSON.stringify({ numero: 17, nome_comercial: 'Ti Kay Lajan' });
    const cashedOut = await present({ tipo: 'saque', agente, estornada: true, emVerificacao: true });
    expect([cashedOut.agente, cashedOut.estornada, cashedOut.em_verificacao]).toEqual([
      JSON.parse(agente),
      true,
      true,
    ]);
  });
});
