import { type Kysely, sql } from 'kysely';

// The code that proves the sign-up phone is one of the ledger's codes (purpose
// 'telefone_cadastro', its subject a fresh id per code sent), so the table's list of purposes
// takes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table codigos_verificacao drop constraint codigos_verificacao_finalidade_check`.execute(db);
  await sql`alter table codigos_verificacao add constraint codigos_verificacao_finalidade_check
    check (finalidade in ('transfer', 'purchase', 'phone_change_current', 'phone_change_new', 'telefone_cadastro'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from codigos_verificacao where finalidade = 'telefone_cadastro'`.execute(db);
  await sql`alter table codigos_verificacao drop constraint codigos_verificacao_finalidade_check`.execute(db);
  await sql`alter table codigos_verificacao add constraint codigos_verificacao_finalidade_check
    check (finalidade in ('transfer', 'purchase', 'phone_change_current', 'phone_change_new'))`.execute(db);
}
