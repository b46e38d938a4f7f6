import type { DocumentReviewStatus } from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { countRows, keysetPage, type PageCursor } from '../../../lib/page-cursor.ts';

// The compliance queue's reads and a review's decision (revisoes_documento joined to the person).

const PERSON = [
  'u.id as usuario_id',
  'u.nome_completo',
  'u.documento',
  'u.data_nascimento',
  'u.email',
  'u.telefone',
] as const;

/**
 * A page of pending reviews, oldest first (the index revisoes_documento_fila), from the cursor
 * on; and how many wait in all.
 */
export async function pendingReviews(db: Kysely<DB>, p: { cursor: PageCursor | undefined; limit: number }) {
  const [page, total] = await Promise.all([
    keysetPage(
      db
        .selectFrom('revisoes_documento as r')
        .innerJoin('usuarios as u', 'u.id', 'r.user_id')
        .select(['r.id', 'r.criado_em as enviado_em', ...PERSON])
        .where('r.status', '=', 'pendente'),
      { column: 'r.criado_em', idColumn: 'r.id', order: 'asc', cursor: p.cursor, limit: p.limit },
    ),
    countRows(db.selectFrom('revisoes_documento').where('status', '=', 'pendente')),
  ]);
  return { rows: page.rows, total, nextCursor: page.nextCursor };
}

/** One review with what the person typed, and who decided it. */
export async function findReview(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('revisoes_documento as r')
    .innerJoin('usuarios as u', 'u.id', 'r.user_id')
    .leftJoin('operadores as o', 'o.id', 'r.operador_id')
    .select([
      'r.id',
      'r.status',
      'r.motivo',
      'r.document_photo_key',
      'r.criado_em as enviado_em',
      'r.decidido_em',
      'o.nome as operador_nome',
      ...PERSON,
      'u.telefone_verificado_em',
      'u.documento_aprovado_em',
      'u.criado_em as conta_criada_em',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** The person's earlier reviews (newest first): what was rejected before, and why. */
export async function otherReviews(db: Kysely<DB>, p: { userId: string; exceptId: string }) {
  return db
    .selectFrom('revisoes_documento')
    .select(['id', 'status', 'motivo', 'criado_em as enviado_em', 'decidido_em'])
    .where('user_id', '=', p.userId)
    .where('id', '<>', p.exceptId)
    .orderBy('criado_em', 'desc')
    .limit(20)
    .execute();
}

/** The review's owner, so the decision can lock the user's row before the review's. */
export async function reviewOwner(db: Kysely<DB>, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('revisoes_documento')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.user_id;
}

export async function lockUserAndReview(trx: Transaction<DB>, p: { userId: string; reviewId: string }) {
  const user = await trx
    .selectFrom('usuarios')
    .select(['id', 'nome_completo', 'telefone', 'idioma', 'documento_aprovado_em'])
    .where('id', '=', p.userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const review = await trx
    .selectFrom('revisoes_documento')
    .select(['id', 'status', 'user_id'])
    .where('id', '=', p.reviewId)
    .forUpdate()
    .executeTakeFirst();
  return { user, review };
}

export async function decideReview(
  trx: Transaction<DB>,
  p: {
    id: string;
    status: Exclude<DocumentReviewStatus, 'pendente'>;
    operatorId: string;
    motivo: string | null;
    at: Date;
  },
) {
  return trx
    .updateTable('revisoes_documento')
    .set({ status: p.status, operador_id: p.operatorId, motivo: p.motivo, decidido_em: p.at })
    .where('id', '=', p.id)
    .returning(['id', 'status', 'motivo', 'decidido_em'])
    .executeTakeFirstOrThrow();
}

export async function markDocumentApproved(trx: Transaction<DB>, p: { userId: string; at: Date }) {
  await trx.updateTable('usuarios').set({ documento_aprovado_em: p.at }).where('id', '=', p.userId).execute();
}
