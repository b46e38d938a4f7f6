import { type Kysely, sql } from 'kysely';

// Codes sent to a user are counted per window (kc_codigos_no_limite): a movement's code by its
// movement, the others (a phone's proof, both steps of a phone change) by their own rows. Only those
// others are read by user, so only they are indexed by user: every transfer and purchase wrote an
// entry (about 100 B of WAL) that nothing read. The predicate is kc_codigo_de_movimento's list
// (codes.sql), which PostgreSQL reads the same way once that function is taken into the query.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index codigos_verificacao_avulsos_idx on codigos_verificacao (user_id, criado_em)
              where finalidade not in ('transfer', 'purchase')`.execute(db);
  await sql`drop index codigos_verificacao_user_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index codigos_verificacao_user_idx on codigos_verificacao (user_id, criado_em)`.execute(
    db,
  );
  await sql`drop index codigos_verificacao_avulsos_idx`.execute(db);
}
