import { pageQuerySchema, REFERRAL_STATUSES, referralSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import { getReferralPage, invite, inviterOf } from './referrals.service.ts';

const tags = ['referrals'];
const referralSchemaOut = z.object({
  id: z.string(),
  nome: z.string(),
  telefone: z.string().nullable(),
  criado_em: z.date(),
  status: z.enum(REFERRAL_STATUSES),
});

export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const onRequest = authenticate(app);

  app.post(
    '/api/referrals',
    { onRequest, schema: { tags, body: referralSchema, response: { 201: referralSchemaOut } } },
    async (request, reply) => {
      const inviterId = userIdOf(request);
      await limitBy(app, request, 'referral', [`user:${inviterId}`]);
      return reply.status(201).send(await invite(app.deps, { inviterId, body: request.body }));
    },
  );

  // Public: the sign-up page opened from an invitation link says who invited the friend.
  app.get(
    '/api/referrals/inviter/:code',
    {
      schema: {
        tags,
        summary: 'The first name of the inviter whose referral code this is (public, rate limited per IP)',
        description:
          'Only the first name of an active account, nothing else of them; 404 not_found for a code ' +
          'that is malformed, unknown or not an active account’s.',
        params: z.object({ code: z.string() }),
        response: { 200: z.object({ nome: z.string() }) },
      },
    },
    async (request) => {
      await limitBy(app, request, 'inviter', [`ip:${request.ip}`]);
      return inviterOf(database.db, request.params.code);
    },
  );

  app.get(
    '/api/referrals',
    {
      onRequest,
      schema: {
        tags,
        querystring: pageQuerySchema,
        response: {
          200: z.object({
            codigo_indicacao: z.string(),
            link: z.string(),
            bonus_pagos_mes: z.number().int().describe('bonuses paid this calendar month, Haiti time'),
            bonus_limite_mes: z.number().int().describe('the most bonuses one inviter earns per month'),
            items: z.array(referralSchemaOut),
            next_cursor: z.string().nullable(),
          }),
        },
      },
    },
    async (request) =>
      getReferralPage(database.db, config, { inviterId: userIdOf(request), ...request.query }),
  );
};
