import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, UsuariosTable } from '../db/schema.ts';

export type UserRow = Selectable<UsuariosTable>;

export async function insertUser(trx: Transaction<DB>, user: Insertable<UsuariosTable>): Promise<UserRow> {
  return trx.insertInto('usuarios').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function findUserById(db: Kysely<DB>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('usuarios').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('usuarios').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** The account holding this phone (E.164), if any: phones are unique among accounts. */
export async function findUserByPhone(db: Kysely<DB>, telefone: string): Promise<UserRow | undefined> {
  return db.selectFrom('usuarios').selectAll().where('telefone', '=', telefone).executeTakeFirst();
}

export async function isDocumentTaken(db: Kysely<DB>, documento: string): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id')
    .where('documento', '=', documento)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findPasswordHash(db: Kysely<DB>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('credenciais')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function upsertPasswordHash(
  trx: Transaction<DB>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await trx
    .insertInto('credenciais')
    .values({ user_id: userId, password_hash: passwordHash })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ password_hash: passwordHash, atualizado_em: new Date() }),
    )
    .execute();
}
