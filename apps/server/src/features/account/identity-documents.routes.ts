import { identitySchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { BEARER } from '../../lib/openapi.ts';
import { readImageField } from '../../uploads/image-upload.ts';
import { identityOf, sendDocumentPhoto } from './identity-documents.service.ts';

const tags = ['profile'];

// Verification level 2 from the user's side: /identity reads and sends here.
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, files } = app.deps;
  const onRequest = authenticate(app);

  app.get(
    '/api/me/identity',
    {
      onRequest,
      schema: {
        operationId: 'getIdentity',
        summary: 'The verification level (0, 1, 2) and the newest document review',
        tags,
        security: BEARER,
        errors: ['user_not_found'],
        response: { 200: identitySchema },
      },
    },
    async (request) => identityOf(database.db, userIdOf(request)),
  );

  app.post(
    '/api/me/document-photo',
    {
      onRequest,
      schema: {
        operationId: 'sendDocumentPhoto',
        summary: 'Send a new document photo (multipart `document_photo`) for review',
        tags,
        security: BEARER,
        // A multipart body is read by the route, not by a schema: its refusals are listed here.
        errors: [
          'bad_request',
          'image_too_large',
          'document_photo_required',
          'image_invalid_type',
          'document_already_approved',
          'user_not_found',
        ],
        description:
          'Same rules as at sign-up (JPG or PNG, 5 MB, re-encoded). Replaces a photo still waiting ' +
          'for review; 409 document_already_approved once the document is approved.',
        form: { files: ['document_photo'] },
        response: { 200: identitySchema },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const photo = await readImageField(request, 'document_photo');
      const { identity, replacedKey } = await sendDocumentPhoto(app.deps, { userId, photo });
      if (replacedKey) {
        await files.delete(replacedKey).catch((error: unknown) => {
          request.log.warn({ err: error, key: replacedKey }, 'withdrawn document photo not deleted');
        });
      }
      return identity;
    },
  );
};
