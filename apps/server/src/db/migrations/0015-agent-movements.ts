import { type Kysely, sql } from 'kysely';

// The movements of agents (docs/agents.md):
//   deposito  a cash-in: an agent's float pays a customer who handed over cash;
//   saque     a cash-out: a customer pays an agent's float (its fee as further legs) and receives cash;
//   emissao   float issued to an agent against a recorded bank deposit (from the issuer);
//   resgate   float redeemed: an agent's ₭ back to the issuer for cash.
// And the codes that confirm the first two: the agent's code for a cash-in, the customer's for a
// cash-out.
const KINDS = `'transferencia', 'compra', 'cadastro', 'bonus', 'estorno', 'ajuste'`;
const PURPOSES = `'transfer', 'purchase', 'phone_change_current', 'phone_change_new', 'telefone_cadastro'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kreyolcash_movimentacoes
    drop constraint kreyolcash_movimentacoes_tipo_check,
    add constraint kreyolcash_movimentacoes_tipo_check
      check (tipo in (${sql.raw(KINDS)}, 'deposito', 'saque', 'emissao', 'resgate'))`.execute(db);
  await sql`alter table codigos_verificacao
    drop constraint codigos_verificacao_finalidade_check,
    add constraint codigos_verificacao_finalidade_check
      check (finalidade in (${sql.raw(PURPOSES)}, 'deposito', 'saque'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from codigos_verificacao where finalidade in ('deposito', 'saque')`.execute(db);
  await sql`alter table codigos_verificacao
    drop constraint codigos_verificacao_finalidade_check,
    add constraint codigos_verificacao_finalidade_check check (finalidade in (${sql.raw(PURPOSES)}))`.execute(
    db,
  );
  await sql`alter table kreyolcash_movimentacoes
    drop constraint kreyolcash_movimentacoes_tipo_check,
    add constraint kreyolcash_movimentacoes_tipo_check check (tipo in (${sql.raw(KINDS)}))`.execute(db);
}
