import {
  ADJUSTMENT_STATUSES,
  AppError,
  adminFloatOperationEnvelopeSchema,
  adminFloatOperationListSchema,
  floatIssuanceRequestSchema,
  floatRedemptionRequestSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { proposalIdOf, requiredReason } from '../four-eyes.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { findFloatAgent, listFloatOperations } from './floats.repository.ts';
import { approveFloatOperation, proposeFloatOperation, rejectFloatOperation } from './floats.service.ts';

const tags = ['backoffice'];

// Agents' float under four eyes (floats.service.ts): finance and admin propose, list and decide;
// the proposer never decides their own. Registered only when AGENTS_ENABLED is on.
const FLOAT_ROLES = ['finance', 'admin'] as const;

const params = z.object({ id: z.string() });
const PROPOSAL_ERRORS = [
  'forbidden',
  'agent_not_found',
  'invalid_amount',
  'amount_too_large',
  'float_reference_invalid',
] as const;

export const floatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const guard = operatorOnly(app, FLOAT_ROLES);

  app.get(
    '/floats',
    {
      ...guard,
      schema: {
        operationId: 'adminListFloatOperations',
        summary: 'Float issuances and redemptions: the open ones oldest first, or an agent’s history',
        description:
          'A page (cursor: the last page’s next_cursor), with how many the selection holds. ' +
          'status=proposto is the queue (oldest first); otherwise the latest first. agente (id or number) ' +
          'narrows to one agent (404 agent_not_found); tipo to issuances (emissao) or redemptions (resgate).',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'agent_not_found'],
        querystring: z.object({
          status: z.enum([...ADJUSTMENT_STATUSES, 'decidido']).optional(),
          tipo: z.enum(['emissao', 'resgate']).optional(),
          agente: z.string().max(100).optional(),
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: adminFloatOperationListSchema },
      },
    },
    async (request) => {
      const { status, tipo, agente, cursor, limit } = request.query;
      let agenteId: string | undefined;
      if (agente !== undefined) {
        const agent = await findFloatAgent(database.db, agente);
        if (!agent) throw new AppError('agent_not_found');
        agenteId = agent.id;
      }
      return listFloatOperations(database.db, {
        status,
        tipo,
        agenteId,
        cursor: decodePageCursor(cursor),
        limit,
      });
    },
  );

  app.post(
    '/floats/issuances',
    {
      ...guard,
      schema: {
        operationId: 'adminProposeFloatIssuance',
        summary: 'Proposes issuing float to an agent against a bank deposit, for another operator to approve',
        description:
          'agente is the agent’s id or number (404 agent_not_found); quantidade_centis a whole number of centis ' +
          'above 0 (422 invalid_amount) within the ceiling of every amount (422 amount_too_large); referencia the ' +
          'bank deposit’s, 1–60 characters (422 float_reference_invalid), backing no other issuance that is not ' +
          'rejected (409 deposit_reference_taken); data_deposito a real YYYY-MM-DD (422 deposit_date_invalid) ' +
          'not after today in Haiti (422 deposit_date_in_future).',
        tags,
        security: OPERATOR_SESSION,
        errors: [
          ...PROPOSAL_ERRORS,
          'deposit_reference_taken',
          'deposit_date_invalid',
          'deposit_date_in_future',
        ],
        body: floatIssuanceRequestSchema,
        response: { 201: adminFloatOperationEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { agente, quantidade_centis, referencia, data_deposito } = request.body;
      const operacao = await proposeFloatOperation(app.deps, {
        operator: operatorOf(request),
        tipo: 'emissao',
        agente,
        amountCentis: quantidade_centis,
        referencia,
        dataDeposito: data_deposito,
      });
      return reply.status(201).send({ operacao });
    },
  );

  app.post(
    '/floats/redemptions',
    {
      ...guard,
      schema: {
        operationId: 'adminProposeFloatRedemption',
        summary: 'Proposes redeeming an agent’s ₭ for cash, for another operator to approve',
        description:
          'agente is the agent’s id or number (404 agent_not_found); quantidade_centis a whole number of centis ' +
          'above 0 (422 invalid_amount) within the ceiling of every amount (422 amount_too_large); referencia ' +
          '1–60 characters (422 float_reference_invalid). Whether the float has it is checked at the approval.',
        tags,
        security: OPERATOR_SESSION,
        errors: [...PROPOSAL_ERRORS],
        body: floatRedemptionRequestSchema,
        response: { 201: adminFloatOperationEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { agente, quantidade_centis, referencia } = request.body;
      const operacao = await proposeFloatOperation(app.deps, {
        operator: operatorOf(request),
        tipo: 'resgate',
        agente,
        amountCentis: quantidade_centis,
        referencia,
      });
      return reply.status(201).send({ operacao });
    },
  );

  app.post(
    '/floats/:id/approve',
    {
      ...guard,
      schema: {
        operationId: 'adminApproveFloatOperation',
        summary: 'Approves a float issuance or redemption another operator proposed: the ledger posts it',
        description:
          'Posts an emissao (issuer → the agent’s float) or a resgate (the float → issuer) in the same transaction ' +
          'as the decision. 403 own_float_approval for its proposer, 409 float_operation_not_pending once decided, ' +
          '422 insufficient_balance for a redemption above what the float can give now (balance less held; the ' +
          'proposal stays proposed), 422 amount_too_large for an issuance that would take a figure past the ceiling.',
        tags,
        security: OPERATOR_SESSION,
        errors: [
          'forbidden',
          'own_float_approval',
          'not_found',
          'float_operation_not_pending',
          'insufficient_balance',
          'amount_too_large',
        ],
        params,
        response: { 200: adminFloatOperationEnvelopeSchema },
      },
    },
    async (request) => ({
      operacao: await approveFloatOperation(app.deps, {
        id: proposalIdOf(request),
        operator: operatorOf(request),
      }),
    }),
  );

  app.post(
    '/floats/:id/reject',
    {
      ...guard,
      schema: {
        operationId: 'adminRejectFloatOperation',
        summary: 'Rejects a float issuance or redemption another operator proposed, with a reason',
        description:
          'The reason (motivo) is required (422 reason_required). A rejected issuance’s deposit reference may back a new one.',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'own_float_approval', 'not_found', 'float_operation_not_pending'],
        params,
        body: z.object({ motivo: z.string().max(500).nullish() }).nullish(),
        response: { 200: adminFloatOperationEnvelopeSchema },
      },
    },
    async (request) => {
      const motivo = requiredReason(request.body?.motivo);
      return {
        operacao: await rejectFloatOperation(app.deps, {
          id: proposalIdOf(request),
          operator: operatorOf(request),
          motivo,
        }),
      };
    },
  );
};
