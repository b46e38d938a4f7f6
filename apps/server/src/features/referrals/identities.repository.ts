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

/**
 * Marks the friend's NIF and phone as rewarded by this referral, both or neither: false when one
 * of them already earned a bonus, ever (identidades_premiadas' primary key decides, so of two
 * racing bonuses for one identity the second waits for the first to commit, then finds it taken).
 */
export async function claimRewardedIdentities(
  trx: Transaction<DB>,
  p: { referralId: string; nif: string; telefone: string },
): Promise<boolean> {
  const identities = [
    { tipo: 'nif', valor: p.nif },
    { tipo: 'telefone', valor: p.telefone },
  ] as const;
  const claimed = await trx
    .insertInto('identidades_premiadas')
    .values(
      identities.map((identity) => ({
        hash: identityHash(identity),
        tipo: identity.tipo,
        indicacao_id: p.referralId,
      })),
    )
    .onConflict((oc) => oc.column('hash').doNothing())
    .returning('hash')
    .execute();
  if (claimed.length === identities.length) return true;
  // Give back what this referral took, so a new NIF is not spent by an already rewarded phone.
  await trx.deleteFrom('identidades_premiadas').where('indicacao_id', '=', p.referralId).execute();
  return false;
}
