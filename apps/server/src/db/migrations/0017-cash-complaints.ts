import { type Kysely, sql } from 'kysely';

// Complaints about a cash-in or cash-out (docs/agents.md), disputes like any other
// (src/ledger/sql/reports.sql):
//   tipo       the reasons of cash: the agent asked more than the fee (cobranca_excessiva), the
//              cash was never handed over (dinheiro_nao_entregue), or the ₭ and the cash differ
//              (valor_errado);
//   reembolso  a refund from the agent's float to the customer, decided by support on such a
//              complaint: referente_a is the cash-in or cash-out, one per movement. A cash-in's
//              refund goes the same way as the cash-in, so it cannot be that movement's reversal
//              (estorno), which goes back from payee to payer.
const OLD_KINDS = `'transferencia', 'compra', 'cadastro', 'bonus', 'estorno', 'ajuste', 'deposito', 'saque', 'emissao', 'resgate'`;
const OLD_REASONS = `'pessoa_errada', 'nao_entregue', 'nao_reconhecida', 'outro'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kreyolcash_movimentacoes
    drop constraint kreyolcash_movimentacoes_tipo_check,
    add constraint kreyolcash_movimentacoes_tipo_check check (tipo in (${sql.raw(OLD_KINDS)}, 'reembolso'))`.execute(
    db,
  );
  await sql`create unique index kreyolcash_mov_reembolso_unico on kreyolcash_movimentacoes (referente_a)
    where tipo = 'reembolso'`.execute(db);
  await sql`alter table reclamacoes
    drop constraint reclamacoes_tipo,
    add constraint reclamacoes_tipo check (tipo in (${sql.raw(OLD_REASONS)},
      'cobranca_excessiva', 'dinheiro_nao_entregue', 'valor_errado'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reclamacoes
    drop constraint reclamacoes_tipo,
    add constraint reclamacoes_tipo check (tipo in (${sql.raw(OLD_REASONS)}))`.execute(db);
  await sql`drop index kreyolcash_mov_reembolso_unico`.execute(db);
  await sql`alter table kreyolcash_movimentacoes
    drop constraint kreyolcash_movimentacoes_tipo_check,
    add constraint kreyolcash_movimentacoes_tipo_check check (tipo in (${sql.raw(OLD_KINDS)}))`.execute(db);
}
