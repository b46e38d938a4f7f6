import { AppError, meSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { presentMe } from '../../identity/user-presenter.ts';
import { findUserById } from '../../identity/users.repository.ts';
import { fileResponse } from '../../lib/non-json-responses.ts';
import { BEARER, PUBLIC } from '../../lib/openapi.ts';
import { revalidatePrivately } from '../../lib/private-revalidation.ts';
import { identityRoutes } from './identity-documents.routes.ts';

const tags = ['profile'];
// Photos are stored re-encoded as JPG or PNG, and sent as stored.
const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, files } = app.deps;
  const onRequest = authenticate(app);
  await app.register(identityRoutes);

  app.get(
    '/api/me',
    {
      onRequest,
      onSend: revalidatePrivately,
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in person',
        tags,
        security: BEARER,
        errors: ['user_not_found'],
        // A revalidation (If-None-Match) of the copy the caller holds: a bodiless 304.
        response: { 200: meSchema, 304: z.null() },
      },
    },
    async (request) => {
      const user = await findUserById(database.db, userIdOf(request));
      if (!user) throw new AppError('user_not_found');
      return presentMe(user);
    },
  );

  // The document photo is private: only its owner can fetch it, and no cache may keep it.
  app.get(
    '/api/me/document-photo',
    {
      onRequest,
      schema: {
        operationId: 'getMyDocumentPhoto',
        summary: "The owner's document photo (image/jpeg or image/png), never cached",
        tags,
        security: BEARER,
        errors: ['not_found'],
        response: { 200: fileResponse<Buffer>('The document photo, as stored', PHOTO_TYPES) },
      },
    },
    async (request, reply) => {
      const user = await findUserById(database.db, userIdOf(request));
      const file = user ? await files.get(user.document_photo_key) : undefined;
      if (!file) throw new AppError('not_found');
      return reply.header('cache-control', 'private, no-store').type(file.contentType).send(file.data);
    },
  );

  // Profile photos are public (they show next to names in transfers); keys are random UUIDs.
  app.get(
    '/api/files/profiles/:name',
    {
      schema: {
        operationId: 'getProfilePhoto',
        summary: 'A profile photo (image/jpeg or image/png), public: it shows next to names',
        tags,
        security: PUBLIC,
        errors: ['not_found'],
        params: z.object({ name: z.string().regex(/^[a-zA-Z0-9_-]+\.(jpg|png)$/) }),
        response: { 200: fileResponse<Buffer>('The profile photo, as stored', PHOTO_TYPES) },
      },
    },
    async (request, reply) => {
      const file = await files.get(`profiles/${request.params.name}`);
      if (!file) throw new AppError('not_found');
      return reply.header('cache-control', 'public, max-age=86400').type(file.contentType).send(file.data);
    },
  );
};
