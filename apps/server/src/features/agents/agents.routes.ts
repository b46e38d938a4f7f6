import {
  AGENT_NUMBER,
  AppError,
  agentDaySchema,
  agentListingEnvelopeSchema,
  agentListingListSchema,
  isCommune,
  myAgentSchema,
  todayIsoDate,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { agentDays, findAgentFloat, haitiDay } from '../../ledger/ledger.ts';
import { BEARER } from '../../lib/openapi.ts';
import {
  findListedAgent,
  findOwnAgent,
  listAgentsOfCommune,
  listingOf,
  setOwnAgentPaused,
} from './agents.repository.ts';
import { cashRoutes } from './cash.routes.ts';

const tags = ['agents'];

type MyAgent = z.input<typeof myAgentSchema>;

// The most agents one commune's list shows: the "Ajan" screen is a list to scroll, not a search.
const AGENTS_SHOWN = 200;

// Users find agents by commune or by number; an agent sees their own profile and float and pauses
// their listing (docs/agents.md). Registered only when AGENTS_ENABLED is on.
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const onRequest = authenticate(app);

  app.get(
    '/api/agents',
    {
      onRequest,
      schema: {
        operationId: 'listAgents',
        summary: "The agents of a commune that are taking customers' requests, with whether each is open now",
        description:
          'comuna: a code of HAITI_COMMUNES (422 commune_invalid). Paused agents are left out; ' +
          "aberto_agora is read from the agent's hours in Haiti's time.",
        tags,
        security: BEARER,
        errors: ['commune_invalid'],
        querystring: z.object({ comuna: z.string().max(60) }),
        response: { 200: agentListingListSchema },
      },
    },
    async (request, reply) => {
      const { comuna } = request.query;
      if (!isCommune(comuna)) throw new AppError('commune_invalid');
      reply.header('cache-control', 'private, no-store');
      const now = new Date();
      const rows = await listAgentsOfCommune(database.db, comuna, AGENTS_SHOWN);
      return { agentes: rows.map((row) => listingOf(row, now)) };
    },
  );

  app.get(
    '/api/agents/:numero',
    {
      onRequest,
      schema: {
        operationId: 'getAgentByNumber',
        summary: 'An agent by the number people type, to choose it',
        description: 'A paused agent, or a number no agent has, is 404 agent_not_found.',
        tags,
        security: BEARER,
        errors: ['agent_not_found'],
        params: z.object({ numero: z.string().max(20) }),
        response: { 200: agentListingEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { numero } = request.params;
      const row = AGENT_NUMBER.test(numero) ? await findListedAgent(database.db, Number(numero)) : undefined;
      if (!row) throw new AppError('agent_not_found');
      reply.header('cache-control', 'private, no-store');
      return { agente: listingOf(row, new Date()) };
    },
  );

  app.get(
    '/api/me/agent',
    {
      onRequest,
      schema: {
        operationId: 'getMyAgent',
        summary: "The caller's own agent profile and their float's balance",
        description: 'The caller is not an agent: 404 agent_not_found.',
        tags,
        security: BEARER,
        errors: ['agent_not_found'],
        response: { 200: myAgentSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ownAgent(app.deps, userIdOf(request));
    },
  );

  app.get(
    '/api/me/agent/day',
    {
      onRequest,
      schema: {
        operationId: 'getMyAgentDay',
        summary:
          "The caller's own day as an agent: cash-ins, cash-outs, commissions, float, start and end balance",
        description:
          'dia is a Haiti calendar day, YYYY-MM-DD (today in Haiti when absent): not a real date is 422 ' +
          'reconciliation_day_invalid, after today 422 reconciliation_day_in_future. It adds up: ' +
          'saldo_inicio + entradas − saidas = saldo_fim. The caller is not an agent: 404 agent_not_found.',
        tags,
        security: BEARER,
        errors: ['agent_not_found', 'reconciliation_day_invalid', 'reconciliation_day_in_future'],
        querystring: z.object({ dia: z.string().max(20).optional() }),
        response: { 200: agentDaySchema },
      },
    },
    async (request, reply) => {
      const day = haitiDay(request.query.dia ?? todayIsoDate());
      const row = await findOwnAgent(database.db, userIdOf(request));
      if (!row) throw new AppError('agent_not_found');
      const [own] = await agentDays(database.db, day, row.id);
      if (!own) throw new AppError('agent_not_found');
      reply.header('cache-control', 'private, no-store');
      return own;
    },
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/api/me/agent/${action}`,
      {
        onRequest,
        schema: {
          operationId: paused ? 'pauseMyAgent' : 'resumeMyAgent',
          summary: paused
            ? 'The agent takes their listing down: users no longer find or choose them'
            : 'The agent puts their listing back',
          description: paused
            ? 'Pausing a paused listing keeps the moment it was first paused. Not an agent: 404 agent_not_found.'
            : 'Resuming a listing that is not paused changes nothing. Not an agent: 404 agent_not_found.',
          tags,
          security: BEARER,
          errors: ['agent_not_found'],
          response: { 200: myAgentSchema },
        },
      },
      async (request) => {
        const userId = userIdOf(request);
        if (!(await setOwnAgentPaused(database.db, userId, paused))) throw new AppError('agent_not_found');
        return ownAgent(app.deps, userId);
      },
    );
  }

  await app.register(cashRoutes);
};

async function ownAgent(deps: Pick<AppDeps, 'database'>, userId: string): Promise<MyAgent> {
  const row = await findOwnAgent(deps.database.db, userId);
  if (!row) throw new AppError('agent_not_found');
  const float = await findAgentFloat(deps.database.db, row.conta_id);
  if (!float) throw new Error(`the agent of user ${userId} has no float account`);
  return { agente: listingOf(row, new Date()), pausado_em: row.pausado_em, float };
}
