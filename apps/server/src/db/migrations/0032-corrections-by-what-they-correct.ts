import { type Kysely, sql } from 'kysely';

// A movement's page in the back office shows what corrects it and the dispute that reversed it.
// Reversals and refunds have a unique index each on what they correct, but an adjustment may name
// a movement too (kc_ajustar's referente_a), and a dispute names its reversal in estorno_id, which
// nothing indexed: both reads walked their whole table (0.2 s at a million and a half movements).
// Only corrections carry referente_a and only decided disputes an estorno_id, so each partial index
// holds those rows alone: a payment inserts no entry, and no update changes either column.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index kreyolcash_mov_referente_idx on kreyolcash_movimentacoes (referente_a)
              where referente_a is not null`.execute(db);
  await sql`create index reclamacoes_estorno_idx on reclamacoes (estorno_id) where estorno_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index reclamacoes_estorno_idx`.execute(db);
  await sql`drop index kreyolcash_mov_referente_idx`.execute(db);
}
