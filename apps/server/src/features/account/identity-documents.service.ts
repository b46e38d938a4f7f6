import { AppError, type identitySchema, type VerificationLevel, verificationLevel } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { DB } from '../../db/schema.ts';
import { findUserById, type UserRow } from '../../identity/users.repository.ts';
import { newImageKey } from '../../uploads/file-store.ts';
import { requiredImage } from '../../uploads/image-upload.ts';
import {
  type DocumentReviewRow,
  latestDocumentReview,
  openDocumentReview,
  withdrawPendingReview,
} from './document-reviews.repository.ts';

// The user's side of verification level 2: the level, where the newest document review stands,
// and a new document photo when the last one was rejected (or to replace one still waiting).

// The domain's Identity, held with the database's Date.
export type Identity = z.input<typeof identitySchema>;

function presentIdentity(user: UserRow, review: DocumentReviewRow | undefined): Identity {
  return {
    nivel: verificationLevel(user) satisfies VerificationLevel,
    revisao: review ? { status: review.status, motivo: review.motivo, enviado_em: review.criado_em } : null,
  };
}

export async function identityOf(db: Kysely<DB>, userId: string): Promise<Identity> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('user_not_found');
  return presentIdentity(user, await latestDocumentReview(db, userId));
}

/**
 * Stores a new document photo, points the account at it and queues it for review; a review still
 * pending is withdrawn (its photo, never decided on, is returned for deletion after the commit).
 * A rejected photo's file stays: its review keeps pointing at it.
 */
export async function sendDocumentPhoto(
  deps: AppDeps,
  p: { userId: string; photo: Buffer | undefined },
): Promise<{ identity: Identity; replacedKey: string | null }> {
  const image = await requiredImage(p.photo, 'document_photo', 'document_photo_required');
  const key = newImageKey('documents', image.extension);
  await deps.files.put(key, image.data, image.contentType);
  try {
    return await deps.database.db.transaction().execute(async (trx) => {
      // Locked, so a decision and a new photo of the same user run one after the other.
      const before = await trx
        .selectFrom('usuarios')
        .selectAll()
        .where('id', '=', p.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError('user_not_found');
      if (before.documento_aprovado_em) throw new AppError('document_already_approved');
      const withdrawn = await withdrawPendingReview(trx, p.userId);
      const user = await trx
        .updateTable('usuarios')
        .set({ document_photo_key: key })
        .where('id', '=', p.userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const review = await openDocumentReview(trx, { userId: p.userId, photoKey: key });
      return {
        identity: presentIdentity(user, review),
        replacedKey: withdrawn?.document_photo_key ?? null,
      };
    });
  } catch (error) {
    await deps.files.delete(key).catch(() => {});
    throw error;
  }
}
