import {
  AppError,
  cashInRequestSchema,
  cashOutConfirmSchema,
  cashOutRequestSchema,
  heldCashInListSchema,
  heldCashOutListSchema,
  heldCashOutSchema,
  okSchema,
  startedCashInSchema,
  startedCashOutSchema,
  verifyCodeSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { isUuid } from '../../lib/ids.ts';
import { BEARER } from '../../lib/openapi.ts';
import { idParams } from '../../lib/route-schemas.ts';
import { cancelCashIn, confirmCashIn, listAgentCashIns, startCashIn } from './cash-in.service.ts';
import {
  cancelCashOut,
  confirmCashOut,
  handOverCashOut,
  listAgentCashOuts,
  listCustomerCashOuts,
  startCashOut,
} from './cash-out.service.ts';

const tags = ['agents'];

const CODE_REFUSALS = ['invalid_codes', 'code_expired', 'code_attempts_exceeded'] as const;

// Cash in and out at an agent (docs/agents.md): the agent's cash-ins under /api/me/agent, the
// customer's cash-outs under /api/cash-outs and the agent's side of them. Registered with the
// agents' routes, only when AGENTS_ENABLED is on.
export const cashRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authenticate(app);
  const movementIdOf = (id: string) => {
    if (!isUuid(id)) throw new AppError('transaction_not_found');
    return id;
  };

  app.post(
    '/api/me/agent/cash-ins',
    {
      onRequest,
      schema: {
        operationId: 'startCashIn',
        summary: "An agent's cash-in: holds the amount from their float and sends them their code",
        description:
          'The customer by phone (any spelling): one who cannot be paid is 404 user_not_found, the agent ' +
          'themself 422 self_transfer. The answer shows the customer’s name and photo before the agent ' +
          'confirms. Not an agent: 404 agent_not_found.',
        tags,
        security: BEARER,
        errors: [
          'agent_not_found',
          'user_not_found',
          'self_transfer',
          'insufficient_balance',
          'account_frozen',
          'rate_limited',
        ],
        body: cashInRequestSchema,
        response: { 201: startedCashInSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startCashIn(app.deps, userIdOf(request), request.body)),
  );

  app.get(
    '/api/me/agent/cash-ins',
    {
      onRequest,
      schema: {
        operationId: 'listMyAgentCashIns',
        summary: "The calling agent's cash-ins still waiting for their code, oldest first",
        description:
          'What a desk reloaded or reopened mid-way shows again, to confirm with the code or give up. ' +
          'Someone who is no agent has none.',
        tags,
        security: BEARER,
        response: { 200: heldCashInListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { depositos: await listAgentCashIns(app.deps, userIdOf(request)) };
    },
  );

  app.post(
    '/api/me/agent/cash-ins/:id/confirm',
    {
      onRequest,
      schema: {
        operationId: 'confirmCashIn',
        summary: "The agent's code posts the cash-in: the customer receives the amount",
        description:
          'A post the customer’s maximum balance refuses (422 balance_limit_reached) voids the cash-in and ' +
          'frees the float’s money.',
        tags,
        security: BEARER,
        errors: [
          'agent_not_found',
          'transaction_not_found',
          'transaction_not_pending',
          'balance_limit_reached',
          'account_frozen',
          ...CODE_REFUSALS,
        ],
        params: idParams,
        body: verifyCodeSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await confirmCashIn(app.deps, {
        agentUserId: userIdOf(request),
        movementId: movementIdOf(request.params.id),
        code: request.body.codigo,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/me/agent/cash-ins/:id/cancel',
    {
      onRequest,
      schema: {
        operationId: 'cancelCashIn',
        summary: 'The agent gives up a cash-in before confirming it: the float’s money is free again',
        tags,
        security: BEARER,
        errors: ['transaction_not_found', 'transaction_not_pending'],
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await cancelCashIn(app.deps, {
        agentUserId: userIdOf(request),
        movementId: movementIdOf(request.params.id),
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/cash-outs',
    {
      onRequest,
      schema: {
        operationId: 'startCashOut',
        summary:
          'A cash-out at an agent: its fee and what is held, and a code to the customer; nothing held yet',
        description:
          'A paused agent, or a number no agent has, is 404 agent_not_found. cotacao says the fee, the total ' +
          'held from the wallet and the cash received.',
        tags,
        security: BEARER,
        errors: [
          'account_frozen',
          'agent_not_found',
          'self_transfer',
          'phone_not_verified',
          'insufficient_balance',
          'amount_above_fee_bands',
          'rate_limited',
        ],
        body: cashOutRequestSchema,
        response: { 201: startedCashOutSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startCashOut(app.deps, userIdOf(request), request.body)),
  );

  app.post(
    '/api/cash-outs/:id/confirm',
    {
      onRequest,
      schema: {
        operationId: 'confirmCashOut',
        summary: 'The customer’s code holds the amount and the fee until the agent hands the cash over',
        description:
          ':id is the pedido_id of the start. The body repeats the terms the customer saw: a fee that ' +
          'changed since is 409 fee_changed (details.tarifa_centis), and nothing is held.',
        tags,
        security: BEARER,
        errors: [
          'agent_not_found',
          'transaction_not_pending',
          'fee_changed',
          'insufficient_balance',
          'account_frozen',
          'daily_limit_reached',
          'monthly_limit_reached',
          ...CODE_REFUSALS,
        ],
        params: idParams,
        body: cashOutConfirmSchema,
        response: { 201: heldCashOutSchema },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new AppError('transaction_not_pending');
      const held = await confirmCashOut(app.deps, {
        customerId: userIdOf(request),
        requestId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send(held);
    },
  );

  app.get(
    '/api/cash-outs/pending',
    {
      onRequest,
      schema: {
        operationId: 'listMyPendingCashOuts',
        summary: 'The caller’s cash-outs waiting for their agent',
        tags,
        security: BEARER,
        response: { 200: heldCashOutListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { saques: await listCustomerCashOuts(app.deps, userIdOf(request)) };
    },
  );

  app.post(
    '/api/cash-outs/:id/cancel',
    {
      onRequest,
      schema: {
        operationId: 'cancelCashOut',
        summary: 'The customer gives up a held cash-out: the amount and fee are free again',
        tags,
        security: BEARER,
        errors: ['transaction_not_found', 'transaction_not_pending', 'transaction_in_dispute'],
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await cancelCashOut(app.deps, {
        customerId: userIdOf(request),
        movementId: movementIdOf(request.params.id),
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/me/agent/cash-outs',
    {
      onRequest,
      schema: {
        operationId: 'listMyAgentCashOuts',
        summary: 'The cash-outs waiting for the calling agent to hand the cash over, oldest first',
        tags,
        security: BEARER,
        response: { 200: heldCashOutListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { saques: await listAgentCashOuts(app.deps, userIdOf(request)) };
    },
  );

  app.post(
    '/api/me/agent/cash-outs/:id/hand-over',
    {
      onRequest,
      schema: {
        operationId: 'handOverCashOut',
        summary: 'The agent has handed the cash over: the cash-out posts, amount and commission to the float',
        description: 'Another agent’s cash-out, or no cash-out, is 404 transaction_not_found.',
        tags,
        security: BEARER,
        errors: [
          'transaction_not_found',
          'transaction_not_pending',
          'transaction_in_dispute',
          'account_frozen',
        ],
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await handOverCashOut(app.deps, {
        agentUserId: userIdOf(request),
        movementId: movementIdOf(request.params.id),
      });
      return { ok: true as const };
    },
  );
};
