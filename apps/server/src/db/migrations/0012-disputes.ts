import { type Kysely, sql } from 'kysely';

// A "wrong person" report becomes one kind of dispute about any movement a person paid, posted or
// held (src/ledger/sql/reports.sql):
//   tipo              why the payer disputes it: the wrong person was paid, what was paid for never
//                     came, the payer does not recognise it, or another reason they describe;
//   status            adds the decisions a dispute can end in beside a reversal and a rejection: a
//                     refund (a part of a posted payment back, or a held one voided) and a release
//                     (a held payment posted to its payee);
//   reembolso_centis  what a refund gave back, with the refund's own movement in estorno_id when
//                     the payment was posted.
// Every report so far was about a person paid by mistake: the default.
const CEILING = '1000000000000000';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reclamacoes
    add column tipo text not null default 'pessoa_errada'
      constraint reclamacoes_tipo check (tipo in ('pessoa_errada', 'nao_entregue', 'nao_reconhecida', 'outro')),
    add column reembolso_centis bigint
      constraint reclamacoes_reembolso_valor check (reembolso_centis > 0 and reembolso_centis <= ${sql.raw(CEILING)}),
    drop constraint reclamacoes_status_check,
    add constraint reclamacoes_status
      check (status in ('aberta', 'estornada', 'reembolsada', 'liberada', 'rejeitada', 'expirada')),
    drop constraint reclamacoes_estorno,
    add constraint reclamacoes_estorno
      check ((status <> 'estornada' or estorno_id is not null)
             and (estorno_id is null or status in ('estornada', 'reembolsada'))),
    add constraint reclamacoes_reembolso check ((status = 'reembolsada') = (reembolso_centis is not null))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reclamacoes
    drop constraint reclamacoes_reembolso,
    drop constraint reclamacoes_estorno,
    add constraint reclamacoes_estorno check ((status = 'estornada') = (estorno_id is not null)),
    drop constraint reclamacoes_status,
    add constraint reclamacoes_status_check check (status in ('aberta', 'estornada', 'rejeitada', 'expirada')),
    drop column reembolso_centis,
    drop column tipo`.execute(db);
}
