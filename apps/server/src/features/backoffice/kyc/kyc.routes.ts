import {
  AppError,
  adminKycDecisionSchema,
  adminKycQueueSchema,
  adminKycReviewSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import { isUuid } from '../../../lib/ids.ts';
import { fileResponse } from '../../../lib/non-json-responses.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { queuePageQuery } from '../queue-page.ts';
import { findReview, otherReviews, pendingReviews } from './kyc.repository.ts';
import { decideDocumentReview } from './kyc.service.ts';

const tags = ['backoffice'];

// KYC review: only compliance and admin see the queue and the document photos, and
// every look at a photo leaves an audit row.
const KYC_ROLES = ['compliance', 'admin'] as const;

const params = z.object({ id: z.string() });

function reviewIdOf(request: { params: { id: string } }): string {
  // Not a review's id at all: the same not_found as an unknown one (and no cast error in SQL).
  if (!isUuid(request.params.id)) throw new AppError('not_found');
  return request.params.id;
}

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, files } = app.deps;
  const guard = operatorOnly(app, KYC_ROLES);

  app.get(
    '/kyc',
    {
      ...guard,
      schema: {
        operationId: 'adminListKycReviews',
        summary: 'A page of pending document reviews, oldest first, and how many wait',
        tags,
        security: OPERATOR_SESSION,
        // A NUL anywhere in the request (here: the query string) is refused on every route.
        errors: ['forbidden', 'validation_error'],
        querystring: queuePageQuery,
        response: { 200: adminKycQueueSchema },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const { rows, total, nextCursor } = await pendingReviews(database.db, {
        cursor: decodePageCursor(cursor),
        limit,
      });
      return { total, revisoes: rows, next_cursor: nextCursor };
    },
  );

  app.get(
    '/kyc/:id',
    {
      ...guard,
      schema: {
        operationId: 'adminGetKycReview',
        summary: "A document review with the person's details and their earlier reviews",
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'not_found'],
        params,
        response: { 200: adminKycReviewSchema },
      },
    },
    async (request) => {
      const id = reviewIdOf(request);
      const review = await findReview(database.db, id);
      if (!review) throw new AppError('not_found');
      const { document_photo_key: _key, telefone_verificado_em, ...shown } = review;
      return {
        revisao: {
          ...shown,
          telefone_verificado: telefone_verificado_em !== null,
          foto_url: `/api/admin/kyc/${id}/photo`,
        },
        anteriores: await otherReviews(database.db, { userId: review.usuario_id, exceptId: id }),
      };
    },
  );

  // The photo of this review (not necessarily the account's current one). The audit row is
  // written before a byte is sent: a view that cannot be logged does not happen.
  app.get(
    '/kyc/:id/photo',
    {
      ...guard,
      schema: {
        operationId: 'adminGetKycPhoto',
        summary: "The review's document photo (each look leaves an audit row)",
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'not_found'],
        params,
        response: { 200: fileResponse<Buffer>('The document photo', ['image/jpeg', 'image/png']) },
      },
    },
    async (request, reply) => {
      const id = reviewIdOf(request);
      const review = await findReview(database.db, id);
      const file = review ? await files.get(review.document_photo_key) : undefined;
      if (!review || !file) throw new AppError('not_found');
      await recordAudit(database.db, {
        operator: operatorOf(request),
        action: 'kyc.photo_view',
        target: { type: 'revisao_documento', id },
        userId: review.usuario_id,
      });
      return reply.header('cache-control', 'private, no-store').type(file.contentType).send(file.data);
    },
  );

  app.post(
    '/kyc/:id/approve',
    {
      ...guard,
      schema: {
        operationId: 'adminApproveKycReview',
        summary: 'Approves the document: the account reaches level 2 and the person is told',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'not_found', 'review_not_pending'],
        params,
        response: { 200: adminKycDecisionSchema },
      },
    },
    async (request) => {
      const revisao = await decideDocumentReview(app.deps, {
        reviewId: reviewIdOf(request),
        operator: operatorOf(request),
        decision: { kind: 'approve' },
      });
      return { revisao };
    },
  );

  app.post(
    '/kyc/:id/reject',
    {
      ...guard,
      schema: {
        operationId: 'adminRejectKycReview',
        summary: 'Rejects the document with a reason the person is told',
        description: 'The reason (motivo) is required (422 reason_required) and goes to the person.',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'not_found', 'review_not_pending'],
        params,
        body: z.object({ motivo: z.string().max(500).nullish() }).nullish(),
        response: { 200: adminKycDecisionSchema },
      },
    },
    async (request) => {
      const motivo = request.body?.motivo?.trim();
      if (!motivo) throw new AppError('reason_required', { fields: { motivo: 'reason_required' } });
      const revisao = await decideDocumentReview(app.deps, {
        reviewId: reviewIdOf(request),
        operator: operatorOf(request),
        decision: { kind: 'reject', motivo },
      });
      return { revisao };
    },
  );
};
