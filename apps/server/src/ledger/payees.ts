import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { UserRow } from '../identity/users.repository.ts';

/**
 * The ledger's rule of who can be found and paid (kc_pode_receber, sql/accounts.sql) as a
 * condition on the `usuarios` row that `alias` names in a query: the reads that offer a payee
 * ask the very rule the ledger's hold applies, so what they show is what can be paid.
 */
export function canReceive(alias: string): RawBuilder<boolean> {
  return sql<boolean>`kc_pode_receber(${sql.table(alias)})`;
}

/** How a payer names a payee: exactly one identity. */
export type PayeeIdentity = { email: string } | { phone: string } | { id: string };

/**
 * The person an identity names, if any, with their account (what a transfer pays) and whether
 * they can be found and paid. One read resolves all three.
 */
export async function findPayee(
  db: Kysely<DB>,
  identity: PayeeIdentity,
): Promise<(UserRow & { accountId: string; canReceive: boolean }) | undefined> {
  const query = db
    .selectFrom('usuarios')
    .innerJoin('kreyolcash_contas as conta', (join) =>
      join.onRef('conta.user_id', '=', 'usuarios.id').on('conta.tipo', '=', 'usuario'),
    )
    .selectAll('usuarios')
    .select(['conta.id as accountId', canReceive('usuarios').as('canReceive')]);
  if ('email' in identity)
    return query.where('usuarios.email', '=', emailKeyOf(identity.email)).executeTakeFirst();
  if ('phone' in identity) return query.where('usuarios.telefone', '=', identity.phone).executeTakeFirst();
  return query.where('usuarios.id', '=', identity.id).executeTakeFirst();
}

// E-mails are stored in lower case.
function emailKeyOf(email: string): string {
  return email.toLowerCase();
}

/** The identity as the ledger's hold reads it (kc_destinatario_id): exactly one of email, telefone, id. */
export function payeeParam(
  identity: PayeeIdentity,
): { email: string } | { telefone: string } | { id: string } {
  if ('email' in identity) return { email: emailKeyOf(identity.email) };
  if ('phone' in identity) return { telefone: identity.phone };
  return { id: identity.id };
}
