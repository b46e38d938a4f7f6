import { type Kysely, sql } from 'kysely';

// A buyer's new attempt at a product first voids their pending one (kc_compra_substituir, and a
// batch of initiations looking for those of all its items). Only the buyer's index served that
// question, so every attempt read every sale the buyer ever made and kept those of this product
// still pending: 2 000 past sales, 65 buffers and 0.36 ms an attempt, growing with each purchase.
// The pending sales alone, by buyer and product, answer it from the few rows still waiting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index vendas_pendentes_idx on vendas (comprador_id, produto_id) where status = 'PENDENTE'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index vendas_pendentes_idx`.execute(db);
}
