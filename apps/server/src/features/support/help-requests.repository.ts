import type { HelpSubject } from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

// A person's own help requests: what they wrote, and support's answer when there is one.

const OWN_COLUMNS = [
  'id',
  'assunto',
  'texto',
  'movimentacao_id',
  'status',
  'resposta',
  'respondido_em',
  'fechado_em',
  'criado_em',
] as const;

/** The newest first; a person has few, and the screen shows the latest ones. */
export async function listOwnHelpRequests(db: Kysely<DB>, userId: string, limit: number) {
  return db
    .selectFrom('pedidos_ajuda')
    .select(OWN_COLUMNS)
    .where('usuario_id', '=', userId)
    .orderBy('criado_em', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export type OwnHelpRequest = Awaited<ReturnType<typeof listOwnHelpRequests>>[number];

/** Requests of the user still waiting for support. */
export async function countWaiting(trx: Transaction<DB>, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('pedidos_ajuda')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('usuario_id', '=', userId)
    .where('status', '=', 'aberto')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the movement is the user's own: they sent it or received it. */
export async function isOwnMovement(trx: Transaction<DB>, p: { userId: string; movementId: string }) {
  const row = await trx
    .selectFrom('kreyolcash_movimentacoes')
    .select('id')
    .where('id', '=', p.movementId)
    .where((eb) => eb.or([eb('remetente_id', '=', p.userId), eb('destinatario_id', '=', p.userId)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertHelpRequest(
  trx: Transaction<DB>,
  p: { userId: string; assunto: HelpSubject; texto: string; movementId: string | null },
): Promise<OwnHelpRequest> {
  return trx
    .insertInto('pedidos_ajuda')
    .values({ usuario_id: p.userId, assunto: p.assunto, texto: p.texto, movimentacao_id: p.movementId })
    .returning(OWN_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The user's row, locked: two requests sent at once count each other against the limit. */
export async function lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx
    .selectFrom('usuarios')
    .select('id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}
