import { AppError } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import { isUuid } from '../../../lib/ids.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { findReview, otherReviews, pendingReviews } from './kyc.repository.ts';
import { decideDocumentReview } from './kyc.service.ts';

const tags = ['back office'];

// KYC review: only compliance and admin see the queue and the document photos, and
// every look at a photo leaves an audit row.
const KYC_ROLES = ['compliance', 'admin'] as const;

const params = z.object({ id: z.string() });
const status = z.enum(['pendente', 'aprovada', 'rejeitada']);

const person = {
  usuario_id: z.uuid(),
  nome_completo: z.string(),
  documento: z.string(),
  data_nascimento: z.string(),
  email: z.string(),
  telefone: z.string(),
};

const queueSchema = z.object({
  total: z.int(),
  revisoes: z.array(z.object({ id: z.uuid(), enviado_em: z.date(), ...person })),
});

const reviewSchema = z.object({
  revisao: z.object({
    id: z.uuid(),
    status,
    motivo: z.string().nullable(),
    enviado_em: z.date(),
    decidido_em: z.date().nullable(),
    operador_nome: z.string().nullable(),
    foto_url: z.string(),
    ...person,
    telefone_verificado: z.boolean(),
    documento_aprovado_em: z.date().nullable(),
    conta_criada_em: z.date(),
  }),
  anteriores: z.array(
    z.object({
      id: z.uuid(),
      status,
      motivo: z.string().nullable(),
      enviado_em: z.date(),
      decidido_em: z.date().nullable(),
    }),
  ),
});

const decisionSchema = z.object({
  revisao: z.object({
    id: z.uuid(),
    status,
    motivo: z.string().nullable(),
    decidido_em: z.date().nullable(),
  }),
});

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
      schema: { tags, summary: 'Pending document reviews, oldest first', response: { 200: queueSchema } },
    },
    async () => {
      const { rows, total } = await pendingReviews(database.db);
      return { total, revisoes: rows };
    },
  );

  app.get(
    '/kyc/:id',
    { ...guard, schema: { tags, params, response: { 200: reviewSchema } } },
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
  app.get('/kyc/:id/photo', { ...guard, schema: { tags, params } }, async (request, reply) => {
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
  });

  app.post(
    '/kyc/:id/approve',
    { ...guard, schema: { tags, params, response: { 200: decisionSchema } } },
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
        tags,
        params,
        description: 'The reason (motivo) is required (422 reason_required) and goes to the person.',
        body: z.object({ motivo: z.string().max(500).nullish() }).nullish(),
        response: { 200: decisionSchema },
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
