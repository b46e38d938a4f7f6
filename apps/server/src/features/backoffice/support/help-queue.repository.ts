import type { HelpRequestStatus } from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { countRows, keysetPage, type PageCursor } from '../../../lib/page-cursor.ts';

// Support's queue of help requests: each with the person it comes from, the movement it is about,
// and who answered or closed it.

/**
 * A page of the requests in one state: waiting ones oldest first (first come, first answered),
 * others newest first, from the cursor on; and how many there are in that state.
 */
export async function listHelpRequests(
  db: Kysely<DB>,
  p: { status: HelpRequestStatus; cursor: PageCursor | undefined; limit: number },
) {
  const query = db
    .selectFrom('pedidos_ajuda as p')
    .innerJoin('usuarios as u', 'u.id', 'p.usuario_id')
    .select([
      'p.id',
      'p.assunto',
      'p.texto',
      'p.status',
      'p.criado_em',
      'p.usuario_id',
      'u.nome_completo',
      'u.telefone',
      'u.congelado_em',
    ])
    .where('p.status', '=', p.status);
  const { rows, nextCursor } = await keysetPage(query, {
    column: 'p.criado_em',
    idColumn: 'p.id',
    order: p.status === 'aberto' ? 'asc' : 'desc',
    cursor: p.cursor,
    limit: p.limit,
  });
  const total = await countRows(db.selectFrom('pedidos_ajuda').where('status', '=', p.status));
  return { rows, total, nextCursor };
}

export async function findHelpRequest(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('pedidos_ajuda as p')
    .innerJoin('usuarios as u', 'u.id', 'p.usuario_id')
    .leftJoin('kreyolcash_movimentacoes as m', 'm.id', 'p.movimentacao_id')
    .leftJoin('operadores as ra', 'ra.id', 'p.respondido_por')
    .leftJoin('operadores as fa', 'fa.id', 'p.fechado_por')
    .select([
      'p.id',
      'p.assunto',
      'p.texto',
      'p.status',
      'p.resposta',
      'p.criado_em',
      'p.respondido_em',
      'p.fechado_em',
      'p.movimentacao_id',
      'p.usuario_id',
      'u.nome_completo',
      'u.email',
      'u.telefone',
      'u.idioma',
      'u.congelado_em',
      'm.tipo as movimentacao_tipo',
      'm.status as movimentacao_status',
      'm.quantidade_centis as movimentacao_centis',
      'm.criado_em as movimentacao_criada_em',
      'ra.nome as respondido_por_nome',
      'fa.nome as fechado_por_nome',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export type HelpRequestDetail = NonNullable<Awaited<ReturnType<typeof findHelpRequest>>>;

/** The request and the person it comes from, locked: two operators cannot both answer one state. */
export async function lockHelpRequest(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('pedidos_ajuda as p')
    .innerJoin('usuarios as u', 'u.id', 'p.usuario_id')
    .select(['p.id', 'p.status', 'p.resposta', 'p.usuario_id', 'u.nome_completo', 'u.telefone', 'u.idioma'])
    .where('p.id', '=', id)
    .forUpdate('p')
    .executeTakeFirst();
}

export async function saveAnswer(
  trx: Transaction<DB>,
  p: { id: string; resposta: string; operatorId: string },
): Promise<void> {
  await trx
    .updateTable('pedidos_ajuda')
    .set({
      status: 'respondido',
      resposta: p.resposta,
      respondido_por: p.operatorId,
      respondido_em: new Date(),
    })
    .where('id', '=', p.id)
    .execute();
}

export async function markClosed(trx: Transaction<DB>, p: { id: string; operatorId: string }): Promise<void> {
  await trx
    .updateTable('pedidos_ajuda')
    .set({ status: 'fechado', fechado_por: p.operatorId, fechado_em: new Date() })
    .where('id', '=', p.id)
    .execute();
}
