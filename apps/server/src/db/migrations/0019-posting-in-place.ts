import { type Kysely, sql } from 'kysely';

// A movement's posting (and its void or expiry) changes its status; while an index read the
// status (the pending movements by expiry, in its predicate), PostgreSQL could not update the row
// in place and wrote a new entry in each of the movements' indexes. The sweeper now finds the
// pending movements through their holds (exactly one per pending movement: ledger-check), so the
// movements keep no index on anything a posting changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index kreyolcash_mov_pendentes_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index kreyolcash_mov_pendentes_idx on kreyolcash_movimentacoes (expira_em) where status = 'pendente'`.execute(
    db,
  );
}
