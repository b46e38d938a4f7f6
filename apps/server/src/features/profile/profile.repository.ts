import type { Locale } from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { UserRow } from '../../identity/users.repository.ts';

/**
 * The user's row, locked until the transaction ends. Every change to one's own profile that reads
 * before it writes (photo, phone) takes this lock first, so concurrent requests of one user run
 * one after the other, and always in the same lock order (user row, then anything else).
 */
export async function lockUser(trx: Transaction<DB>, userId: string): Promise<UserRow | undefined> {
  return trx.selectFrom('usuarios').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Sets what is given (nothing given: reads the row as it is). */
export async function updateNameAndLanguage(
  db: Kysely<DB>,
  p: { userId: string; nomeCompleto?: string | undefined; idioma?: Locale | undefined },
): Promise<UserRow | undefined> {
  const changes = {
    ...(p.nomeCompleto === undefined ? {} : { nome_completo: p.nomeCompleto }),
    ...(p.idioma === undefined ? {} : { idioma: p.idioma }),
  };
  if (Object.keys(changes).length === 0) {
    return db.selectFrom('usuarios').selectAll().where('id', '=', p.userId).executeTakeFirst();
  }
  return db.updateTable('usuarios').set(changes).where('id', '=', p.userId).returningAll().executeTakeFirst();
}

export async function setProfilePhotoKey(
  trx: Transaction<DB>,
  p: { userId: string; key: string },
): Promise<UserRow> {
  return trx
    .updateTable('usuarios')
    .set({ profile_photo_key: p.key })
    .where('id', '=', p.userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The unique constraint on usuarios.telefone is the last guard: a taken phone fails here. */
export async function setPhone(
  trx: Transaction<DB>,
  p: { userId: string; telefone: string },
): Promise<UserRow> {
  return trx
    .updateTable('usuarios')
    .set({ telefone: p.telefone })
    .where('id', '=', p.userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
