import { type Kysely, sql } from 'kysely';

// The ₭/HTG rate in force (KC_HTG_RATE), as the ledger's receipts need it: the agents' receipts are
// queued by the ledger's SQL in the movement's own transaction (ledger/sql/agents.sql), which
// cannot read the process's settings. One row, written by each start with the agents' setting
// (ledger/fees.ts publishHtgRate), in basis points of a gourde per ₭ (10 000: 1 ₭ = 1 HTG).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cotacao_htg (
    unica boolean primary key default true check (unica),
    htg_por_kc_bp bigint not null check (htg_por_kc_bp > 0),
    atualizado_em timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cotacao_htg`.execute(db);
}
