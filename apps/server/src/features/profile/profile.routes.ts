import { meSchema, meUpdateSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { presentMe } from '../../identity/user-presenter.ts';
import { BEARER } from '../../lib/openapi.ts';
import { readImageField } from '../../uploads/image-upload.ts';
import { replaceProfilePhoto, updateProfile } from './profile.service.ts';

const tags = ['profile'];

// Only /api/me: the token says whose profile it is, and no route takes a user id.
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, files } = app.deps;
  const onRequest = authenticate(app);

  app.patch(
    '/api/me',
    {
      onRequest,
      schema: {
        operationId: 'updateMe',
        summary: 'Change the name and/or the language (idioma: one of ht, pt-BR, fr, en)',
        tags,
        security: BEARER,
        errors: ['account_frozen', 'user_not_found'],
        description:
          'A field left out stays as it is; every other key is ignored. `idioma` is the language of ' +
          "the user's WhatsApp messages and e-mails; anything else than ht, pt-BR, fr, en answers " +
          '422 invalid_language. A frozen account changes its language, not its name (403 account_frozen).',
        body: meUpdateSchema,
        response: { 200: meSchema },
      },
    },
    async (request) =>
      presentMe(await updateProfile(database.db, { userId: userIdOf(request), body: request.body })),
  );

  app.put(
    '/api/me/photo',
    {
      onRequest,
      schema: {
        operationId: 'replaceProfilePhoto',
        summary: 'Replace the profile photo (multipart `photo`: JPG or PNG, 5 MB, re-encoded)',
        tags,
        security: BEARER,
        // A multipart body is read by the route, not by a schema: its refusals are listed here.
        errors: [
          'bad_request',
          'image_too_large',
          'profile_photo_required',
          'image_invalid_type',
          'account_frozen',
          'user_not_found',
        ],
        form: { files: ['photo'] },
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { user, replacedKey } = await replaceProfilePhoto(app.deps, {
        userId,
        photo: await readImageField(request, 'photo'),
      });
      if (replacedKey) {
        await files.delete(replacedKey).catch((error: unknown) => {
          request.log.warn({ err: error, key: replacedKey }, 'old profile photo not deleted');
        });
      }
      return presentMe(user);
    },
  );
};
