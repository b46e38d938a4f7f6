import {
  HELP_SUBJECTS,
  HELP_TEXT_MAX_LENGTH,
  helpRequestListSchema,
  helpRequestSchema,
  supportChannelsSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { BEARER, PUBLIC } from '../../lib/openapi.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import { listOwnHelpRequests } from './help-requests.repository.ts';
import { openHelpRequest } from './help-requests.service.ts';

const tags = ['support'];

// A person's requests on the "Sipò" screen: the latest ones are enough to follow a conversation.
const OWN_REQUESTS_SHOWN = 20;

const newRequestBody = z.object({
  assunto: z.enum(HELP_SUBJECTS, { error: 'help_subject_invalid' }),
  texto: z
    .string({ error: 'help_text_required' })
    .trim()
    .min(1, 'help_text_required')
    .max(HELP_TEXT_MAX_LENGTH, 'value_too_long')
    .refine((text) => !text.includes('\u0000'), 'validation_error'),
  movimentacao_id: z.string().max(100).nullish(),
});

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const onRequest = authenticate(app);

  // Public: the same channels are printed on the landing and in the legal pages' contact.
  app.get(
    '/api/support/channels',
    {
      schema: {
        operationId: 'getSupportChannels',
        summary: 'How to reach support (what the operator configured)',
        tags,
        security: PUBLIC,
        response: { 200: supportChannelsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        whatsapp: config.support.whatsapp ?? null,
        email: config.support.email ?? null,
        horario: config.support.hours.map((h) => ({ de: h.from, ate: h.to, abre: h.opens, fecha: h.closes })),
      };
    },
  );

  app.get(
    '/api/support/requests',
    {
      onRequest,
      schema: {
        operationId: 'listMyHelpRequests',
        summary: "The caller's latest help requests, newest first, with support's answers",
        tags,
        security: BEARER,
        response: { 200: helpRequestListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { pedidos: await listOwnHelpRequests(database.db, userIdOf(request), OWN_REQUESTS_SHOWN) };
    },
  );

  app.post(
    '/api/support/requests',
    {
      onRequest,
      schema: {
        operationId: 'openHelpRequest',
        summary: 'Ask support for help, optionally about one of the caller’s movements',
        tags,
        security: BEARER,
        errors: ['transaction_not_found', 'help_requests_open_limit', 'rate_limited'],
        description:
          'assunto: one of the help subjects; texto: 1 to 1000 characters; movimentacao_id: optionally one of the caller’s own movements (404 transaction_not_found otherwise). At most 3 requests waiting (422 help_requests_open_limit).',
        body: newRequestBody,
        response: { 201: helpRequestSchema },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      await limitBy(app, request, 'helpRequest', [`user:${userId}`]);
      const created = await openHelpRequest(database.db, {
        userId,
        assunto: request.body.assunto,
        texto: request.body.texto,
        movementId: request.body.movimentacao_id ?? null,
      });
      return reply.status(201).send(created);
    },
  );
};
