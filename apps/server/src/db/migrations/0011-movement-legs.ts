import { type Kysely, sql } from 'kysely';

// A movement with several legs (a payment, its fee, an agent's commission) stores each leg here:
// leg 1 is the movement's own conta_debito → conta_credito of quantidade_centis (what its people
// see); the others are what else it moved. A movement without rows here is its own single leg:
// nothing is backfilled into the append-only history, and a one-leg movement (every transfer and
// purchase) writes nothing more. ledger:check reads both shapes as one list of legs.
const CEILING = '1000000000000000';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table kreyolcash_pernas (
     movimentacao_id uuid not null references kreyolcash_movimentacoes (id),
     numero smallint not null check (numero >= 1),
     conta_debito uuid not null references kreyolcash_contas (id),
     conta_credito uuid not null references kreyolcash_contas (id),
     quantidade_centis bigint not null check (quantidade_centis > 0),
     primary key (movimentacao_id, numero),
     constraint kreyolcash_pernas_contas check (conta_debito <> conta_credito),
     constraint kreyolcash_pernas_quantidade_teto check (quantidade_centis <= ${sql.raw(CEILING)})
   )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table kreyolcash_pernas`.execute(db);
}
