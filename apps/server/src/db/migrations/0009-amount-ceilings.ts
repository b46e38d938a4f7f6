import { type Kysely, sql } from 'kysely';

// No figure of money may pass ±10^15 centis (AMOUNT_CEILING_CENTIS of packages/domain, written
// here as a number because a migration must not change when a constant does). Above 2^53 − 1 a
// bigint no longer reads as a JavaScript number, and every read of that row would fail: the API
// and the ledger refuse first with amount_too_large, and these checks are the last wall for what
// slips past them. The issuer's balance is held to it too, so the money in people's hands sums
// within it. Every row written so far is far below the ceiling, so each check validates at once.
const CEILING = '1000000000000000';

const CHECKS: readonly (readonly [table: string, name: string, condition: string])[] = [
  ['kreyolcash_contas', 'kreyolcash_contas_saldo_teto', `saldo_centis between -${CEILING} and ${CEILING}`],
  ['kreyolcash_contas', 'kreyolcash_contas_reserva_teto', `reservado_centis <= ${CEILING}`],
  ['kreyolcash_movimentacoes', 'kreyolcash_mov_quantidade_teto', `quantidade_centis <= ${CEILING}`],
  ['kreyolcash_retencoes', 'kreyolcash_retencoes_quantidade_teto', `quantidade_centis <= ${CEILING}`],
  [
    'kreyolcash_lancamentos',
    'kreyolcash_lancamentos_teto',
    `valor_centis between -${CEILING} and ${CEILING}
       and saldo_anterior_centis between -${CEILING} and ${CEILING}
       and saldo_posterior_centis between -${CEILING} and ${CEILING}`,
  ],
  ['kreyolcash_lotes', 'kreyolcash_lotes_quantidade_teto', `quantidade_centis <= ${CEILING}`],
  ['kreyolcash_envios_diarios', 'kreyolcash_envios_diarios_teto', `enviado_centis <= ${CEILING}`],
  ['produtos', 'produtos_preco_teto', `preco_centis <= ${CEILING}`],
  ['vendas', 'vendas_teto', `preco_unitario_centis <= ${CEILING} and total_centis <= ${CEILING}`],
  ['reclamacoes', 'reclamacoes_teto', `quantidade_centis <= ${CEILING} and retido_centis <= ${CEILING}`],
  [
    'ajustes_propostos',
    'ajustes_propostos_quantidade_teto',
    `quantidade_centis between -${CEILING} and ${CEILING}`,
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, name, condition] of await tablesOf(db)) {
    await sql.raw(`alter table ${table} add constraint ${name} check (${condition})`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, name] of await tablesOf(db)) {
    await sql.raw(`alter table ${table} drop constraint ${name}`).execute(db);
  }
}

// The checks of the relations that are tables: the holds' became a view of the pending movements
// (migration 0028), and a database past it runs this migration's down and up in its tests.
async function tablesOf(db: Kysely<unknown>): Promise<typeof CHECKS> {
  const { rows } = await sql<{ relname: string }>`
    select relname from pg_class
     where relkind = 'r' and relname = any(${CHECKS.map(([table]) => table)}::text[]) and pg_table_is_visible(oid)`.execute(
    db,
  );
  const tables = new Set(rows.map((r) => r.relname));
  return CHECKS.filter(([table]) => tables.has(table));
}
