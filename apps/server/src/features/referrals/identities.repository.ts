import { sql, type Transaction } from 'kysely';
import type { DB, IdentidadesVistasTable } from '../../db/schema.ts';

export type IdentityKind = IdentidadesVistasTable['tipo'];
export type Identity = { tipo: IdentityKind; valor: string };

// identidades_vistas remembers every NIF, e-mail and phone that ever belonged to an account, as
// kc_identidade_hash (the one definition, in the database), with the first account that had it.

export function identitiesOf(user: { documento: string; email: string; telefone: string }): Identity[] {
  return [
    { tipo: 'nif', valor: user.documento },
    { tipo: 'email', valor: user.email },
    { tipo: 'telefone', valor: user.telefone },
  ];
}

/** Records identities for this account; one already seen keeps its first account. */
export async function recordIdentities(
  trx: Transaction<DB>,
  p: { userId: string; identities: Identity[] },
): Promise<void> {
  if (p.identities.length === 0) return;
  await trx
    .insertInto('identidades_vistas')
    .values(
      p.identities.map((identity) => ({
        hash: sql<string>`kc_identidade_hash(${identity.tipo}, ${identity.valor})`,
        tipo: identity.tipo,
        user_id: p.userId,
      })),
    )
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

/** Whether this account was the first ever to have every one of these identities. */
export async function isFirstAccountForAll(
  trx: Transaction<DB>,
  p: { userId: string; identities: Identity[] },
): Promise<boolean> {
  const hashes = p.identities.map(
    (identity) => sql<string>`kc_identidade_hash(${identity.tipo}, ${identity.valor})`,
  );
  const row = await trx
    .selectFrom('identidades_vistas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hash', 'in', hashes)
    .where('user_id', '=', p.userId)
    .executeTakeFirstOrThrow();
  return Number(row.n) === p.identities.length;
}
