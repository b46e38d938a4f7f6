import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { DB, MudancasTelefoneTable } from '../../db/schema.ts';

export type PhoneChangeRow = Selectable<MudancasTelefoneTable>;
/** The open change with whether its code has expired, by the database's clock. */
export type OpenPhoneChange = PhoneChangeRow & { expirado: boolean };

const OPEN_STEPS = ['verify_current', 'verify_new'] as const;

export async function findOpenPhoneChange(
  db: Kysely<DB>,
  userId: string,
): Promise<OpenPhoneChange | undefined> {
  return db
    .selectFrom('mudancas_telefone')
    .selectAll()
    .select(sql<boolean>`expira_em <= now()`.as('expirado'))
    .where('user_id', '=', userId)
    .where('etapa', 'in', OPEN_STEPS)
    .executeTakeFirst();
}

/** The open change, locked: its attempts are counted and its code spent under this lock. */
export async function lockOpenPhoneChange(
  trx: Transaction<DB>,
  userId: string,
): Promise<OpenPhoneChange | undefined> {
  return trx
    .selectFrom('mudancas_telefone')
    .selectAll()
    .select(sql<boolean>`expira_em <= now()`.as('expirado'))
    .where('user_id', '=', userId)
    .where('etapa', 'in', OPEN_STEPS)
    .forUpdate()
    .executeTakeFirst();
}

export async function cancelOpenPhoneChanges(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx
    .updateTable('mudancas_telefone')
    .set({ etapa: 'cancelled', codigo_hash: null, atualizado_em: sql`now()` })
    .where('user_id', '=', userId)
    .where('etapa', 'in', OPEN_STEPS)
    .execute();
}

export async function insertPhoneChange(
  trx: Transaction<DB>,
  p: {
    id: string;
    userId: string;
    currentPhone: string;
    newPhone: string;
    codeHash: string;
    validityMs: number;
  },
): Promise<PhoneChangeRow> {
  return trx
    .insertInto('mudancas_telefone')
    .values({
      id: p.id,
      user_id: p.userId,
      telefone_anterior: p.currentPhone,
      novo_telefone: p.newPhone,
      etapa: 'verify_current',
      codigo_hash: p.codeHash,
      expira_em: sql<Date>`now() + make_interval(secs => ${p.validityMs / 1000})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A fresh code for the next step: attempts start again and the validity runs from now. */
export async function moveToNewPhoneStep(
  trx: Transaction<DB>,
  p: { id: string; codeHash: string; validityMs: number },
): Promise<PhoneChangeRow> {
  return trx
    .updateTable('mudancas_telefone')
    .set({
      etapa: 'verify_new',
      codigo_hash: p.codeHash,
      tentativas: 0,
      expira_em: sql<Date>`now() + make_interval(secs => ${p.validityMs / 1000})`,
      atualizado_em: sql`now()`,
    })
    .where('id', '=', p.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePhoneChange(
  trx: Transaction<DB>,
  id: string,
  patch: Pick<Updateable<MudancasTelefoneTable>, 'etapa' | 'tentativas'>,
): Promise<void> {
  // Done or dead, the code goes with it: it can never be used again.
  const codeGone = patch.etapa === 'done' || patch.etapa === 'cancelled';
  await trx
    .updateTable('mudancas_telefone')
    .set({ ...patch, ...(codeGone ? { codigo_hash: null } : {}), atualizado_em: sql`now()` })
    .where('id', '=', id)
    .execute();
}
