import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, RevisoesDocumentoTable } from '../../db/schema.ts';

// The document reviews of a user (revisoes_documento): one row per photo sent, pending until
// compliance decides. A unique index keeps at most one pending review per user.

export type DocumentReviewRow = Selectable<RevisoesDocumentoTable>;

/** Queues the photo for review. The caller holds the user's row lock (or created the user). */
export async function openDocumentReview(
  trx: Transaction<DB>,
  p: { userId: string; photoKey: string },
): Promise<DocumentReviewRow> {
  return trx
    .insertInto('revisoes_documento')
    .values({ user_id: p.userId, document_photo_key: p.photoKey })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Withdraws the pending review, if any, and answers it. A photo nobody decided on leaves no
 * history worth keeping, and its review's id dies with it: an operator who had it open gets
 * not_found instead of approving a photo they never saw.
 */
export async function withdrawPendingReview(
  trx: Transaction<DB>,
  userId: string,
): Promise<DocumentReviewRow | undefined> {
  return trx
    .deleteFrom('revisoes_documento')
    .where('user_id', '=', userId)
    .where('status', '=', 'pendente')
    .returningAll()
    .executeTakeFirst();
}

/** The newest review of the user: what /identity shows. */
export async function latestDocumentReview(
  db: Kysely<DB>,
  userId: string,
): Promise<DocumentReviewRow | undefined> {
  return db
    .selectFrom('revisoes_documento')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('criado_em', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
