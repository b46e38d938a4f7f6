import { type Kysely, sql } from 'kysely';

// Float issued to agents and redeemed from them, each under four eyes like the adjustments
// (ajustes_propostos): finance proposes, another finance or admin operator approves, and only then
// does the ledger post the movement (emissao: issuer → the agent's float; resgate: the float →
// the issuer), whose id the approval records in the same transaction.
//   tipo             emissao (against a bank deposit) or resgate (₭ back for cash);
//   referencia       the bank deposit's (or the cash handover's) reference: one deposit backs at
//                    most one issuance that is not rejected (a unique index over those only);
//   data_deposito    the bank deposit's date, for an issuance only.
// The ledger check (ledger-check.ts) holds the posted emissao and resgate movements equal to the
// approved rows here: no float is issued without its recorded deposit.
// The amount's CHECK is named *_teto like migration 0009's, so the ledger's call turns it into
// amount_too_large rather than a 500.
const CEILING = '1000000000000000';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table operacoes_float (
    id uuid primary key default gen_random_uuid(),
    tipo text not null check (tipo in ('emissao', 'resgate')),
    agente_id uuid not null references agentes (id),
    quantidade_centis bigint not null check (quantidade_centis > 0),
    referencia text not null check (char_length(btrim(referencia)) between 1 and 60),
    data_deposito date,
    proposto_por uuid not null references operadores (id),
    status text not null default 'proposto' check (status in ('proposto', 'aprovado', 'rejeitado')),
    decidido_por uuid references operadores (id),
    decidido_em timestamptz,
    decisao_motivo text,
    movimentacao_id uuid unique references kreyolcash_movimentacoes (id),
    criado_em timestamptz not null default now(),
    constraint operacoes_float_quantidade_teto check (quantidade_centis <= ${sql.raw(CEILING)}),
    constraint operacoes_float_deposito check ((tipo = 'emissao') = (data_deposito is not null)),
    constraint operacoes_float_quatro_olhos check (decidido_por is null or decidido_por <> proposto_por),
    constraint operacoes_float_decisao check ((status = 'proposto') = (decidido_em is null)),
    constraint operacoes_float_postado check ((status = 'aprovado') = (movimentacao_id is not null))
  )`.execute(db);
  // A rejected proposal gives its deposit back (a typo in the amount is proposed again); the
  // reference is compared as the bank writes it, whatever the case and the spaces around it.
  await sql`create unique index operacoes_float_deposito_unico on operacoes_float (lower(btrim(referencia)))
              where tipo = 'emissao' and status <> 'rejeitado'`.execute(db);
  // The queue of open proposals, and each agent's history.
  await sql`create index operacoes_float_abertas on operacoes_float (criado_em) where status = 'proposto'`.execute(
    db,
  );
  await sql`create index operacoes_float_agente on operacoes_float (agente_id, criado_em desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table operacoes_float`.execute(db);
}
