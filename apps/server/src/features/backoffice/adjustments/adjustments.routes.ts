import {
  ADJUSTMENT_STATUSES,
  AppError,
  adjustmentCentisField,
  adminAdjustmentEnvelopeSchema,
  adminAdjustmentListSchema,
  adminRecipientEnvelopeSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { proposalIdOf as idOf, requiredReason as required } from '../four-eyes.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { queuePageQuery } from '../queue-page.ts';
import { findRecipient, listAdjustments } from './adjustments.repository.ts';
import { approveAdjustment, proposeAdjustment, rejectAdjustment } from './adjustments.service.ts';

const tags = ['backoffice'];

// Adjustments with two approvals: finance and admin propose, list and decide; the
// proposer never decides their own (adjustments.service.ts).
const ADJUSTMENT_ROLES = ['finance', 'admin'] as const;

const params = z.object({ id: z.string() });
const text = (max: number) => z.string().max(max).nullish();

export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const guard = operatorOnly(app, ADJUSTMENT_ROLES);

  app.get(
    '/adjustments',
    {
      ...guard,
      schema: {
        operationId: 'adminListAdjustments',
        summary:
          'A page of proposed adjustments (oldest first), or of decided ones (latest first); and how many',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden'],
        querystring: queuePageQuery.extend({
          status: z.enum([...ADJUSTMENT_STATUSES, 'decidido']).optional(),
        }),
        response: { 200: adminAdjustmentListSchema },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      return listAdjustments(database.db, { filter: status, cursor: decodePageCursor(cursor), limit });
    },
  );

  // Who an adjustment would go to, by id or e-mail, before it is proposed.
  app.get(
    '/adjustments/recipient',
    {
      ...guard,
      schema: {
        operationId: 'adminFindAdjustmentRecipient',
        summary: 'The person an adjustment would go to, by id or e-mail, and what they can spend',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'user_not_found'],
        querystring: z.object({ q: z.string().max(254) }),
        response: { 200: adminRecipientEnvelopeSchema },
      },
    },
    async (request) => {
      const usuario = await findRecipient(database.db, request.query.q);
      if (!usuario) throw new AppError('user_not_found');
      return { usuario };
    },
  );

  app.post(
    '/adjustments',
    {
      ...guard,
      schema: {
        operationId: 'adminProposeAdjustment',
        summary: 'Proposes an adjustment of a person’s balance, for another operator to decide',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'user_not_found', 'adjustment_too_large'],
        description:
          'user_id is the person’s id or e-mail; quantidade_centis is signed (credit > 0, debit < 0), ' +
          'never 0 (422 invalid_amount), at most the ceiling of every amount in size (422 amount_too_large) ' +
          'and at most ADJUSTMENT_MAX_CENTIS (422 adjustment_too_large, with details.limite_centis); ' +
          'motivo and referencia are required (422 reason_required). The reason is sent to the person.',
        body: z.object({
          user_id: z.string().max(254),
          quantidade_centis: adjustmentCentisField,
          motivo: text(500),
          referencia: text(100),
        }),
        response: { 201: adminAdjustmentEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { user_id, quantidade_centis } = request.body;
      const motivo = required(request.body.motivo);
      const referencia = required(request.body.referencia);
      const person = await findRecipient(database.db, user_id);
      if (!person) throw new AppError('user_not_found');
      const ajuste = await proposeAdjustment(app.deps, {
        operator: operatorOf(request),
        userId: person.id,
        amountCentis: quantidade_centis,
        motivo,
        referencia,
      });
      return reply.status(201).send({ ajuste });
    },
  );

  app.post(
    '/adjustments/:id/approve',
    {
      ...guard,
      schema: {
        operationId: 'adminApproveAdjustment',
        summary: 'Approves an adjustment another operator proposed: the ledger posts it',
        tags,
        security: OPERATOR_SESSION,
        // user_not_found: the person is gone since the proposal.
        errors: [
          'forbidden',
          'own_adjustment_approval',
          'not_found',
          'user_not_found',
          'adjustment_not_pending',
          'insufficient_balance',
          'adjustment_too_large',
          'amount_too_large',
        ],
        params,
        description:
          'Posts the adjustment through the ledger. 403 own_adjustment_approval for its proposer, ' +
          '409 adjustment_not_pending once decided, 422 insufficient_balance for a debit above what the person can spend, ' +
          '422 adjustment_too_large when ADJUSTMENT_MAX_CENTIS was lowered below it since the proposal, ' +
          '422 amount_too_large for a credit that would take the money issued past the ceiling of every amount.',
        response: { 200: adminAdjustmentEnvelopeSchema },
      },
    },
    async (request) => ({
      ajuste: await approveAdjustment(app.deps, { id: idOf(request), operator: operatorOf(request) }),
    }),
  );

  app.post(
    '/adjustments/:id/reject',
    {
      ...guard,
      schema: {
        operationId: 'adminRejectAdjustment',
        summary: 'Rejects an adjustment another operator proposed, with a reason',
        description: 'The reason (motivo) is required (422 reason_required).',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'own_adjustment_approval', 'not_found', 'adjustment_not_pending'],
        params,
        body: z.object({ motivo: text(500) }).nullish(),
        response: { 200: adminAdjustmentEnvelopeSchema },
      },
    },
    async (request) => {
      const motivo = required(request.body?.motivo);
      return {
        ajuste: await rejectAdjustment(app.deps, {
          id: idOf(request),
          operator: operatorOf(request),
          motivo,
        }),
      };
    },
  );
};
