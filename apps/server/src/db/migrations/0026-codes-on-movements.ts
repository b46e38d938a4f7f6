import { type Kysely, sql } from 'kysely';

// A movement's own code (a transfer's or a purchase's: the one its payer is sent to confirm a
// code-confirmed hold) is kept on the movement: its keyed hash and its wrong attempts. Its expiry
// is the movement's, and its spending is the movement's leaving 'pendente'. A transfer no longer
// writes a code row with its hold and deletes it with its post: two rows, their index entries and
// their WAL fewer per transfer. Codes without a movement (a phone's proof or change, an agent's
// cash-out request, a party's code) stay in codigos_verificacao. The columns come here, without
// rewriting the table; the codes move onto their movements with the ledger's functions, which the
// same start applies right after (the end of codes.sql), so that holds made in between by the
// functions of the release before are moved too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kreyolcash_movimentacoes
              add column codigo_hash text,
              add column codigo_tentativas integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`insert into codigos_verificacao (sujeito_id, finalidade, user_id, telefone, codigo_hash, tentativas,
                                             expira_em, criado_em)
            select m.id, case m.tipo when 'compra' then 'purchase' else 'transfer' end, m.remetente_id, u.telefone,
                   m.codigo_hash, m.codigo_tentativas, m.expira_em, m.criado_em
              from kreyolcash_movimentacoes m join usuarios u on u.id = m.remetente_id
             where m.codigo_hash is not null and m.status = 'pendente'`.execute(db);
  // The immutability trigger of these definitions names the columns (guards.sql); the release
  // rolled back to applies its own.
  await sql`drop trigger if exists kc_movimentacoes_imutaveis on kreyolcash_movimentacoes`.execute(db);
  await sql`alter table kreyolcash_movimentacoes drop column codigo_hash, drop column codigo_tentativas`.execute(
    db,
  );
}
