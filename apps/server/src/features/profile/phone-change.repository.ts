import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, MudancasTelefoneTable, PhoneChangeStep } from '../../db/schema.ts';

// The phone change's own rows. Its codes (hash, attempts, expiry) are the ledger's
// (ledger/verification-codes.ts), keyed by the change's id and the step's purpose.

export type PhoneChangeRow = Selectable<MudancasTelefoneTable>;

const OPEN_STEPS = ['verify_current', 'verify_new'] as const;

export async function findOpenPhoneChange(
  db: Kysely<DB>,
  userId: string,
): Promise<PhoneChangeRow | undefined> {
  return db
    .selectFrom('mudancas_telefone')
    .selectAll()
    .where('user_id', '=', userId)
    .where('etapa', 'in', OPEN_STEPS)
    .executeTakeFirst();
}

/** The open change, locked: its code is checked and spent under this lock. */
export async function lockOpenPhoneChange(
  trx: Transaction<DB>,
  userId: string,
): Promise<PhoneChangeRow | undefined> {
  return trx
    .selectFrom('mudancas_telefone')
    .selectAll()
    .where('user_id', '=', userId)
    .where('etapa', 'in', OPEN_STEPS)
    .forUpdate()
    .executeTakeFirst();
}

export async function cancelOpenPhoneChanges(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx
    .updateTable('mudancas_telefone')
    .set({ etapa: 'cancelled', atualizado_em: sql`now()` })
    .where('user_id', '=', userId)
    .where('etapa', 'in', OPEN_STEPS)
    .execute();
}

export async function insertPhoneChange(
  trx: Transaction<DB>,
  p: { id: string; userId: string; currentPhone: string; newPhone: string },
): Promise<PhoneChangeRow> {
  return trx
    .insertInto('mudancas_telefone')
    .values({
      id: p.id,
      user_id: p.userId,
      telefone_anterior: p.currentPhone,
      novo_telefone: p.newPhone,
      etapa: 'verify_current',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves the change to its next step, or ends it (done, cancelled). */
export async function setPhoneChangeStep(
  trx: Transaction<DB>,
  id: string,
  etapa: PhoneChangeStep,
): Promise<PhoneChangeRow> {
  return trx
    .updateTable('mudancas_telefone')
    .set({ etapa, atualizado_em: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
