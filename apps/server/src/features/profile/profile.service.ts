import { AppError, type MeUpdateBody } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { DB } from '../../db/schema.ts';
import { accountFrozen, isFrozen, refuseIfFrozen } from '../../identity/freeze.ts';
import type { UserRow } from '../../identity/users.repository.ts';
import { newImageKey } from '../../uploads/file-store.ts';
import { requiredImage } from '../../uploads/image-upload.ts';
import { lockUser, setProfilePhotoKey, updateNameAndLanguage } from './profile.repository.ts';

/**
 * The name and the language: the body was parsed by meUpdateSchema, which keeps no other field.
 * A frozen account keeps its language but not a new name: it is what payers see before they pay
 * the account, which still receives, and what support checks before unfreezing it.
 */
export async function updateProfile(
  db: Kysely<DB>,
  p: { userId: string; body: MeUpdateBody },
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const before = await lockUser(trx, p.userId);
    if (!before) throw new AppError('user_not_found');
    const name = p.body.nome_completo;
    if (name !== undefined && name !== before.nome_completo && isFrozen(before)) throw accountFrozen();
    const user = await updateNameAndLanguage(trx, {
      userId: p.userId,
      nomeCompleto: name,
      idioma: p.body.idioma,
    });
    if (!user) throw new AppError('user_not_found');
    return user;
  });
}

/**
 * Stores the new photo and points the profile at it. The old file is returned, not deleted: it
 * may go only after the commit (a rollback must leave the old photo in place), and the caller
 * logs a failed delete instead of failing a change that already happened.
 */
export async function replaceProfilePhoto(
  deps: AppDeps,
  p: { userId: string; photo: Buffer | undefined },
): Promise<{ user: UserRow; replacedKey: string | null }> {
  // Asked first without a lock too, so a frozen account's photo is not re-encoded and stored only
  // to be refused; the locked check below is the one that holds.
  await refuseIfFrozen(deps.database.db, p.userId);
  const image = await requiredImage(p.photo, 'photo', 'profile_photo_required');
  const key = newImageKey('profiles', image.extension);
  await deps.files.put(key, image.data, image.contentType);
  try {
    return await deps.database.db.transaction().execute(async (trx) => {
      // Locked, so two uploads at once each replace the photo the other one left.
      const before = await lockUser(trx, p.userId);
      if (!before) throw new AppError('user_not_found');
      // Like the name, the face payers see stays as it is while the account is frozen.
      if (isFrozen(before)) throw accountFrozen();
      const user = await setProfilePhotoKey(trx, { userId: p.userId, key });
      return { user, replacedKey: before.profile_photo_key };
    });
  } catch (error) {
    await deps.files.delete(key).catch(() => {});
    throw error;
  }
}
