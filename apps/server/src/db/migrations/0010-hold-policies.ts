import { type Kysely, sql } from 'kysely';

// Every held movement carries the policy its operation chose (src/ledger/sql/two-phase.sql), so
// the engine, the sweeper and ledger:check read it from the movement rather than from its kind:
//   confirmacao    'codigo': a 6-digit code sent to the payer; 'parte': an action by the user
//                  confirmador_id (the seller, the buyer, an agent), checked by the caller;
//   nos_limites    whether it counts in the payer's sending limits and daily total;
//   ao_expirar     what its expiry (expira_em) does: 'anular' (void) or 'postar' (post).
// A movement posted at once (issuance, corrections) has no policy and never counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kreyolcash_movimentacoes
    add column confirmacao text check (confirmacao in ('codigo', 'parte')),
    add column confirmador_id uuid references usuarios (id),
    add column nos_limites boolean not null default false,
    add column ao_expirar text check (ao_expirar in ('anular', 'postar'))`.execute(db);
  // Every transfer and purchase so far was confirmed by a code, counted, and voided at expiry.
  await sql`update kreyolcash_movimentacoes
       set confirmacao = 'codigo', nos_limites = true, ao_expirar = 'anular'
     where tipo in ('transferencia', 'compra')`.execute(db);
  await sql`alter table kreyolcash_movimentacoes
    add constraint kreyolcash_mov_politica check ((confirmacao is null) = (ao_expirar is null)),
    add constraint kreyolcash_mov_confirmador
      check ((confirmacao is not distinct from 'parte') = (confirmador_id is not null)),
    add constraint kreyolcash_mov_limites_de_alguem check (not nos_limites or remetente_id is not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kreyolcash_movimentacoes
    drop column confirmacao, drop column confirmador_id, drop column nos_limites, drop column ao_expirar`.execute(
    db,
  );
}
