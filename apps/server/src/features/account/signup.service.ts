import {
  AppError,
  appErrorFromZod,
  DEFAULT_LOCALE,
  type ErrorCode,
  SIGNUP_BONUS_CENTIS,
  signupSchema,
} from '@kreyolcash/domain';
import type { AppDeps } from '../../app-deps.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { insertUser, type UserRow, upsertPasswordHash } from '../../identity/users.repository.ts';
import { ledger } from '../../ledger/ledger.ts';
import { newImageKey } from '../../uploads/file-store.ts';
import { requiredImage } from '../../uploads/image-upload.ts';
import { openDocumentReview } from './document-reviews.repository.ts';
import { queueConfirmationEmail } from './email-links.service.ts';

export type SignupRequest = {
  fields: Record<string, string>;
  documentPhoto: Buffer | undefined;
  profilePhoto: Buffer | undefined;
};

// Which unique constraint a duplicate hit, as the spec's key.
const DUPLICATE_CODES: Record<string, ErrorCode> = {
  usuarios_documento_key: 'nif_already_exists',
  usuarios_email_key: 'email_already_exists',
  usuarios_telefone_key: 'phone_already_exists',
};

/**
 * The whole sign-up in one database transaction: the user, the password, the signup bonus and
 * the confirmation e-mail, then the photos. Any failure leaves nothing behind — no row, no file,
 * no money.
 */
export async function signUp(deps: AppDeps, request: SignupRequest): Promise<UserRow> {
  const parsed = signupSchema.safeParse(request.fields);
  if (!parsed.success) throw appErrorFromZod(parsed.error);
  const input = parsed.data;
  const documentPhoto = await requiredImage(
    request.documentPhoto,
    'document_photo',
    'document_photo_required',
  );
  const profilePhoto = await requiredImage(request.profilePhoto, 'profile_photo', 'profile_photo_required');
  const passwordHash = await hashPassword(input.password);
  const keys = {
    document: newImageKey('documents', documentPhoto.extension),
    profile: newImageKey('profiles', profilePhoto.extension),
  };

  try {
    return await deps.database.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        nome_completo: input.nome_completo,
        documento: input.documento,
        email: input.email,
        telefone: input.telefone,
        data_nascimento: input.data_nascimento,
        sexo: input.sexo,
        idioma: input.idioma ?? DEFAULT_LOCALE,
        document_photo_key: keys.document,
        profile_photo_key: keys.profile,
      });
      await upsertPasswordHash(trx, user.id, passwordHash);
      // The document photo waits in the compliance queue from the first moment (level 2).
      await openDocumentReview(trx, { userId: user.id, photoKey: keys.document });
      await deps.identityHooks.accountCreated(trx, { user, referralCode: input.codigo_indicacao });
      await ledger.issue(trx, { userId: user.id, amountCentis: SIGNUP_BONUS_CENTIS, kind: 'cadastro' });
      await queueConfirmationEmail(trx, deps.config, user);
      // Files last, still inside the transaction: if writing them fails, nothing commits.
      await deps.files.put(keys.document, documentPhoto.data, documentPhoto.contentType);
      await deps.files.put(keys.profile, profilePhoto.data, profilePhoto.contentType);
      return user;
    });
  } catch (error) {
    await Promise.all([deps.files.delete(keys.document), deps.files.delete(keys.profile)]).catch(() => {});
    throw duplicateAsConflict(error) ?? error;
  }
}

function duplicateAsConflict(error: unknown): AppError | undefined {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError?.code !== '23505' || !pgError.constraint) return undefined;
  const code = DUPLICATE_CODES[pgError.constraint];
  return code ? new AppError(code) : undefined;
}
