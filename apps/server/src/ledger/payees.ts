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

/** The account an identity names, if any, and whether it can be found and paid. */
export async function findPayee(
  db: Kysely<DB>,
  identity: PayeeIdentity,
): Promise<(UserRow & { canReceive: boolean }) | undefined> {
  const query = db.selectFrom('usuarios').selectAll().select(canReceive('usuarios').as('canReceive'));
  if ('email' in identity) return query.where('email', '=', identity.email.toLowerCase()).executeTakeFirst();
  if ('phone' in identity) return query.where('telefone', '=', identity.phone).executeTakeFirst();
  return query.where('id', '=', identity.id).executeTakeFirst();
}
