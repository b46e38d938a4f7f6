import { AppError, meUpdateSchema } from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { meSchema, presentMe } from '../accounts/user-presenter.ts';
import { authenticate, userIdOf } from '../auth/authenticate.ts';
import { replaceProfilePhoto, updateProfile } from './profile.service.ts';

const tags = ['profile'];

// Only /api/me: the token says whose profile it is, and no route takes a user id.
export async function profileRoutes(app: AppInstance): Promise<void> {
  const { database, files } = app.deps;
  const onRequest = authenticate(app);

  app.patch(
    '/api/me',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change the name and/or the language (idioma: one of ht, pt-BR, fr, en)',
        description:
          'A field left out stays as it is; every other key is ignored. `idioma` is the language of ' +
          "the user's WhatsApp messages and e-mails; anything else than ht, pt-BR, fr, en answers " +
          '422 invalid_language.',
        body: meUpdateSchema,
        response: { 200: meSchema },
      },
    },
    async (request) =>
      presentMe(await updateProfile(database.db, { userId: userIdOf(request), body: request.body })),
  );

  app.put(
    '/api/me/photo',
    { onRequest, schema: { tags, consumes: ['multipart/form-data'], response: { 200: meSchema } } },
    async (request) => {
      const userId = userIdOf(request);
      const { user, replacedKey } = await replaceProfilePhoto(app.deps, {
        userId,
        photo: await readPhoto(request),
      });
      if (replacedKey) {
        await files.delete(replacedKey).catch((error: unknown) => {
          request.log.warn({ err: error, key: replacedKey }, 'old profile photo not deleted');
        });
      }
      return presentMe(user);
    },
  );
}

// The file of the multipart field `photo`; other parts are read and dropped.
async function readPhoto(request: FastifyRequest): Promise<Buffer | undefined> {
  if (!request.isMultipart()) throw new AppError('bad_request', { message: 'multipart/form-data expected' });
  let photo: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file' || part.fieldname !== 'photo' || photo) {
      if (part.type === 'file') await part.toBuffer().catch(() => undefined);
      continue;
    }
    photo = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('image_too_large', { fields: { photo: 'image_too_large' } });
      throw error;
    });
  }
  return photo;
}
