import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB, IdentidadesVistasTable } from '../../db/schema.ts';

export type IdentityKind = IdentidadesVistasTable['tipo'];
export type Identity = { tipo: IdentityKind; valor: string };

// identidades_vistas remembers every NIF, e-mail and phone that ever belonged to an account, as
// identityHash, with the first account that had it.

/** The one definition of an identity's hash: SHA-256 of "kind:value", in hex. */
export function identityHash(identity: Identity): string {
  return createHash('sha256').update(`${identity.tipo}:${identity.valor}`, 'utf8').digest('hex');
}

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
        hash: identityHash(identity),
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
  const hashes = p.identities.map(identityHash);
  const row = await trx
    .selectFrom('identidades_vistas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hash', 'in', hashes)
    .where('user_id', '=', p.userId)
    .executeTakeFirstOrThrow();
  return Number(row.n) === p.identities.length;
}
