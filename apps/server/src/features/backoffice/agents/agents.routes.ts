import {
  AppError,
  adminAgentDetailSchema,
  adminAgentListSchema,
  agentCreateRequestSchema,
  isCommune,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../../lib/ids.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { listAgents } from './agents.repository.ts';
import { agentDetail, createAgent } from './agents.service.ts';

const tags = ['backoffice'];

// Support (and admin) make level-2 users agents and look them up (docs/agents.md). Registered only
// when AGENTS_ENABLED is on.
const AGENT_ROLES = ['support', 'admin'] as const;

export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const guard = operatorOnly(app, AGENT_ROLES);

  app.post(
    '/agents',
    {
      ...guard,
      schema: {
        operationId: 'adminCreateAgent',
        summary: 'Makes a level-2 user an agent, with a number and a float account of its own',
        description:
          'comuna is a code of HAITI_COMMUNES (422 commune_invalid); horario gives each weekday its ' +
          'intervals, HH:MM to a later HH:MM (24:00 as a close), in order, at most 4 (422 agent_hours_invalid). ' +
          'The user must be active (403 account_blocked), not frozen (403 account_frozen), at level 2 ' +
          '(422 agent_level_required) and not an agent already (409 already_an_agent).',
        tags,
        security: OPERATOR_SESSION,
        errors: [
          'forbidden',
          'user_not_found',
          'account_blocked',
          'account_frozen',
          'agent_level_required',
          'already_an_agent',
          'commune_invalid',
          'agent_hours_invalid',
        ],
        body: agentCreateRequestSchema,
        response: { 201: adminAgentDetailSchema },
      },
    },
    async (request, reply) => {
      const detail = await createAgent(app.deps, { operator: operatorOf(request), request: request.body });
      return reply.status(201).send(detail);
    },
  );

  app.get(
    '/agents',
    {
      ...guard,
      schema: {
        operationId: 'adminListAgents',
        summary: 'A page of agents, newest first, of one commune or of all; and how many',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'commune_invalid'],
        querystring: z.object({
          comuna: z.string().max(60).optional(),
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(100),
        }),
        response: { 200: adminAgentListSchema },
      },
    },
    async (request) => {
      const { comuna, cursor, limit } = request.query;
      if (comuna !== undefined && !isCommune(comuna)) throw new AppError('commune_invalid');
      return listAgents(database.db, { comuna, cursor: decodePageCursor(cursor), limit });
    },
  );

  app.get(
    '/agents/:id',
    {
      ...guard,
      schema: {
        operationId: 'adminGetAgent',
        summary: 'An agent and the balance of its float account',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'agent_not_found'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: adminAgentDetailSchema },
      },
    },
    async (request) => {
      const detail = isUuid(request.params.id) ? await agentDetail(app.deps, request.params.id) : undefined;
      if (!detail) throw new AppError('agent_not_found');
      return detail;
    },
  );
};
