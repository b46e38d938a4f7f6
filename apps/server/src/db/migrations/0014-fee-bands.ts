import { type Kysely, sql } from 'kysely';

// Published fees (packages/domain/src/fees.ts, docs/agents.md):
//   tarifas         one row per operation (saque = cash-out, deposito = cash-in, transferencia =
//                   person to person): when and by whom its table was last replaced. The back office
//                   locks it to replace the table, so two replacements of one operation queue.
//   tarifa_faixas   the operation's bands of amount, both ends included: a fixed fee, a percentage of
//                   the amount in basis points, and the agent's share of the fee in basis points.
//                   No band: the operation is free. The bands' contiguity (from 1 centi, no gap, no
//                   overlap) is the domain's rule, checked under that lock before they are written.
// The defaults, 1 ₭ = 1 HTG: cash-in and transfers free; cash-out in bands of fixed fees on the
// model of MonCash's published table, half of each fee to the agent, nothing above ₭75 000.
const CEILING = '1000000000000000';

const CASH_OUT: [number, number, number][] = [
  // [from, to, fixed fee], in centis
  [1, 25_000, 500],
  [25_001, 100_000, 1_500],
  [100_001, 250_000, 3_500],
  [250_001, 500_000, 6_500],
  [500_001, 1_000_000, 12_000],
  [1_000_001, 2_500_000, 25_000],
  [2_500_001, 7_500_000, 50_000],
];
const AGENT_SHARE_BP = 5_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table tarifas (
    operacao text primary key constraint tarifas_operacao check (operacao in ('saque', 'deposito', 'transferencia')),
    atualizado_em timestamptz not null default now(),
    atualizado_por uuid references operadores (id)
  )`.execute(db);
  await sql`create table tarifa_faixas (
    operacao text not null references tarifas (operacao),
    de_centis bigint not null constraint tarifa_faixas_de check (de_centis >= 1),
    ate_centis bigint not null
      constraint tarifa_faixas_ate check (ate_centis >= de_centis and ate_centis <= ${sql.raw(CEILING)}),
    fixa_centis bigint not null
      constraint tarifa_faixas_fixa check (fixa_centis >= 0 and fixa_centis <= ${sql.raw(CEILING)}),
    percentual_bp integer not null constraint tarifa_faixas_percentual check (percentual_bp between 0 and 10000),
    comissao_bp integer not null constraint tarifa_faixas_comissao check (comissao_bp between 0 and 10000),
    primary key (operacao, de_centis)
  )`.execute(db);
  await sql`insert into tarifas (operacao) values ('saque'), ('deposito'), ('transferencia')`.execute(db);
  for (const [de, ate, fixa] of CASH_OUT) {
    await sql`insert into tarifa_faixas (operacao, de_centis, ate_centis, fixa_centis, percentual_bp, comissao_bp)
      values ('saque', ${de}, ${ate}, ${fixa}, 0, ${AGENT_SHARE_BP})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tarifa_faixas`.execute(db);
  await sql`drop table tarifas`.execute(db);
}
