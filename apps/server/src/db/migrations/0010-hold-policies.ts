import { type Kysely, sql } from 'kysely';

// Every held movement carries the policy its operation chose (src/ledger/sql/two-phase.sql), so
// the engine, the sweeper and ledger:check read it from the movement rather than from its kind:
//   confirmador_id    who confirms it: null, a 6-digit code sent to the payer; otherwise the
//                     action of this user (the seller, the buyer, an agent), checked by the caller;
//   nos_limites       whether it counts in the payer's sending limits and daily total;
//   posta_ao_expirar  what its expiry (expira_em) does: post it, or (false) void it.
// A movement posted at once (issuance, corrections) is held under no policy: false, false.
// Booleans and a nullable id rather than words under CHECKs: every constraint of this table is
// evaluated again by each statement that writes a row (a hold's insert, its post's update), and
// five of them cost the transfer path ~2 % of its database time; these states need none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kreyolcash_movimentacoes
    add column confirmador_id uuid references usuarios (id),
    add column nos_limites boolean not null default false,
    add column posta_ao_expirar boolean not null default false`.execute(db);
  // Every transfer and purchase so far was confirmed by a code, counted, and voided at expiry.
  await sql`update kreyolcash_movimentacoes set nos_limites = true where tipo in ('transferencia', 'compra')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kreyolcash_movimentacoes
    drop column confirmador_id, drop column nos_limites, drop column posta_ao_expirar`.execute(db);
}
